/**
 * How the solution page gets an answer: the Worker first; when it declines (over its budget, unreachable) this
 * browser solves it in the page's Web Worker, with progress and Cancel, and — when the server goes on with it as a
 * solve job (202) — watches the job meanwhile: the first answer wins, and the page says which. One solve at a time:
 * a new one cancels the one before.
 */
import type { GoalInput, Metric, SearchPhase, Slide, SolveResult, TilesResult } from '../../solver/index.ts';
import { downloadText, progressText, t } from '../shared/i18n.ts';
import { sendAnswer, solveInBrowser, solveRemote, watchJob, type JobWatch } from '../solve/client.ts';

const $ = (id: string) => document.getElementById(id)!;

export interface PageSolveContext {
  tiles: boolean;
  /** A 15-puzzle or larger: the page says why the server refused it. */
  bigTiles: boolean;
  metric(): Metric;
  /** The slide rule (Rush Hour: `line`), for the server and this browser alike. */
  slide: Slide;
  /** Writes the page's live status line (a function: rewritten on a language switch). */
  setStatus(text: string | (() => string), busy?: boolean): void;
}

export class PageSolves {
  private readonly ctx: PageSolveContext;
  private cancelLocal: (() => void) | null = null;
  private begun = 0;
  /** What to say once the solution is shown (the server's job answered first); the page clears it per load. */
  arrivalNote: (() => string) | null = null;

  constructor(ctx: PageSolveContext) {
    this.ctx = ctx;
  }

  /** A search in this browser is running (it has the status line). */
  get busy(): boolean {
    return this.cancelLocal !== null;
  }

  cancel(): void {
    this.cancelLocal?.();
  }

  /** The answer for `code`, or null when cancelled or failed (the status says why). `inBrowser`: skip the Worker. */
  async solve(code: string, inBrowser: boolean, goalSpec: GoalInput | null): Promise<SolveResult | TilesResult | null> {
    const { setStatus } = this.ctx;
    const metric = this.ctx.metric();
    this.cancel();
    const mine = ++this.begun;
    let watch: JobWatch | null = null;
    // The server was asked and had no answer (over its budget): what this browser finds is sent to it.
    let serverLacksIt = false;
    if (!inBrowser) {
      const remote = await solveRemote(location.origin, code, metric, goalSpec, this.ctx.slide);
      if (remote.ok) return remote.result;
      if (remote.failure.kind === 'bad-input') {
        setStatus(remote.failure.message);
        return null;
      }
      serverLacksIt = remote.failure.kind === 'budget-exceeded';
      // The server goes on with it (202): watch its job while this browser solves; the first answer wins.
      if (remote.failure.job) watch = watchJob(remote.failure.job.url, location.origin);
    }
    // A refusal is no failure: the browser takes over (the 15-puzzle's page says why the server cannot).
    const lead = () => t(watch ? 'fallbackWithJob' : this.ctx.bigTiles ? 'fallbackTiles' : 'fallback');
    setStatus(lead, true);
    let cancelled = false;
    let firstPhase: SearchPhase | undefined;
    const local = solveInBrowser(
      code,
      metric,
      goalSpec,
      (p) => {
        firstPhase ??= p.phase;
        setStatus(() => `${lead()} ${progressText(p, metric, undefined, firstPhase)}`, true);
      },
      undefined,
      (loaded, total) => setStatus(() => `${lead()} ${downloadText(loaded, total)}`, true),
      this.ctx.slide,
    );
    this.cancelLocal = () => {
      cancelled = true;
      local.cancel();
      watch?.stop();
    };
    $('cancel').classList.remove('idle');
    const fromServer = watch ? watch.answer.then((r) => ({ server: r })) : new Promise<never>(() => undefined);
    const fromBrowser = local.result
      .catch((e: Error) => {
        setStatus(e.message);
        return null;
      })
      .then((r) => ({ browser: r }));
    const first = await Promise.race([fromServer, fromBrowser]);
    $('cancel').classList.add('idle');
    this.cancelLocal = null;
    if ('server' in first) {
      local.cancel();
      document.body.dataset.solvedBy = 'server-job';
      this.arrivalNote = () => t('serverAnswered');
      return first.server;
    }
    const solved = first.browser;
    if (cancelled) setStatus(() => t('cancelled'));
    else if (solved) {
      setStatus('');
      document.body.dataset.solvedBy = 'browser';
      document.body.dataset.algorithm = solved.stats.algorithm;
      if ('engine' in solved.stats && solved.stats.engine) document.body.dataset.engine = solved.stats.engine;
      if (serverLacksIt) sendAnswer(location.origin, code, metric, goalSpec, solved);
      // The server's job goes on: say when it has the answer for everyone (unless another layout is shown by then).
      if (watch) {
        void watch.result.then((r) => {
          if (!r || this.begun !== mine) return;
          document.body.dataset.serverJob = 'solved';
          setStatus(() => t('serverCaughtUp'));
        });
      }
    } else watch?.stop();
    return solved;
  }
}
