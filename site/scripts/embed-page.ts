/** /embed/<code>?metric=&autoplay=&controls=&theme=&speed=&start= — the player alone, for iframes. */
import { codeFromPath } from './path-code.ts';
import { parsePuzzleCode, unitMoves, type Metric } from '../../solver/index.ts';
import { Player } from './player.ts';
import { solveInBrowser, solveRemote } from './solve-client.ts';

const $ = (id: string) => document.getElementById(id)!;
const params = new URLSearchParams(location.search);
const flag = (name: string, fallback: boolean) => {
  const v = params.get(name);
  return v === null ? fallback : !['0', 'false', 'no', 'off'].includes(v);
};
const metric = (['move', 'straight', 'step'].includes(params.get('metric') ?? '') ? params.get('metric') : 'move') as Metric;
const theme = params.get('theme') ?? 'light';
document.body.classList.add(['light', 'dark', 'auto'].includes(theme) ? theme : 'light');

async function main(): Promise<void> {
  const fromPath = codeFromPath('/embed/');
  const parsed = 'code' in fromPath ? parsePuzzleCode(fromPath.code) : null;
  if (!parsed || !parsed.ok) {
    $('message').hidden = false;
    $('message').textContent = `Invalid layout: ${parsed ? parsed.error.message : (fromPath as { error: string }).error}`;
    $('count').textContent = '';
    return;
  }
  const canonical = parsed.value.canonical;
  const tiles = parsed.value.kind === 'tiles';
  $('open').setAttribute('href', `/s/${canonical}${metric === 'move' ? '' : `?metric=${metric}`}`);
  const player = new Player($('player'), parsed.value.layout, { exit: !tiles, controls: flag('controls', true), speed: Number(params.get('speed')) || 1, globalKeys: true });
  const remote = await solveRemote(location.origin, canonical, metric);
  let result = remote.ok ? remote.result : null;
  if (!remote.ok && remote.failure.kind !== 'bad-input') {
    $('count').textContent = 'Solving in your browser…';
    result = await solveInBrowser(canonical, metric, null, (p) => ($('count').textContent = `Solving… ${p.nodes.toLocaleString()}`)).result.catch(() => null);
  }
  if (!result) {
    $('message').hidden = false;
    $('message').textContent = remote.ok ? 'No solution.' : remote.failure.message;
    return;
  }
  player.load(parsed.value.layout, tiles && metric === 'straight' ? unitMoves(result.moves) : result.moves);
  $('count').textContent = result.solvable ? `${result.length} ${metric === 'step' ? 'steps' : 'moves'}` : 'no solution';
  const start = Number(params.get('start'));
  if (start > 0) player.jump(start);
  $('player').dataset.ready = 'true';
  if (flag('autoplay', false)) void player.play();
}

void main();
