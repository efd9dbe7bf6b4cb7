/**
 * The solution page's "Embed this" dialog: the widget snippet, the iframe snippet and the link for the layout shown,
 * with its goal when the link has one (a goal drawing, say), rewritten as its options (autoplay, controls, theme)
 * change, with a live preview and a Copy button per snippet.
 */
import { escapeXml, type Metric, type Slide } from '../../solver/index.ts';
import { copyOnClick } from '../shared/copy-button.ts';
import { puzzlePageHref } from '../embed/goal.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The iframe's default size (the same as oEmbed's): the default content fits it with no scrolling. */
const EMBED_SIZE = { width: 360, height: 560 };

/** `goal`: the page's goal as its link gives it (`?goal=`), or null for the default goal. */
export function setupEmbedDialog(canonicalCode: string, metric: () => Metric, goal: string | null, slide: Slide = 'free'): void {
  const embedSnippets = () => {
    const m = metric();
    const autoplay = $<HTMLInputElement>('opt-autoplay').checked;
    const controls = $<HTMLInputElement>('opt-controls').checked;
    const theme = $<HTMLSelectElement>('opt-theme').value;
    const query = new URLSearchParams();
    if (m !== 'move') query.set('metric', m);
    if (goal) query.set('goal', goal);
    if (slide === 'line') query.set('slide', 'line');
    if (autoplay) query.set('autoplay', '1');
    if (!controls) query.set('controls', '0');
    if (theme !== 'light') query.set('theme', theme);
    const qs = query.toString() ? `?${query}` : '';
    const page = puzzlePageHref(location.origin, canonicalCode, m, goal, slide);
    const embedUrl = `${location.origin}/embed/${canonicalCode}${qs}`;
    const attrs = [`layout="${canonicalCode}"`, `metric="${m}"`, goal ? `goal="${escapeXml(goal)}"` : '', slide === 'line' ? 'slide="line"' : '', autoplay ? 'autoplay' : '', controls ? 'controls' : '', `theme="${theme}"`].filter(Boolean).join(' ');
    $<HTMLTextAreaElement>('embed-widget').value = `<script type="module" src="${location.origin}/widget.js"></script>\n<huarong-solution ${attrs}><a href="${escapeXml(page)}">华容道 solution</a></huarong-solution>`;
    $<HTMLTextAreaElement>('embed-iframe').value = `<iframe src="${escapeXml(embedUrl)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" style="border:0;max-width:100%" title="Huarong solution" loading="lazy"></iframe>`;
    $<HTMLTextAreaElement>('embed-link').value = page;
    const preview = $<HTMLIFrameElement>('embed-preview');
    if (preview.src !== embedUrl) preview.src = embedUrl;
  };
  for (const id of ['opt-autoplay', 'opt-controls', 'opt-theme']) $(id).addEventListener('change', embedSnippets);
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const field = $<HTMLTextAreaElement>(button.dataset.copy!);
    copyOnClick(button, () => field.value, { done: 'copiedShort', idle: 'copy' }, field);
  }
  $('embed').addEventListener('click', () => {
    embedSnippets();
    $<HTMLDialogElement>('embed-dialog').showModal();
  });
}
