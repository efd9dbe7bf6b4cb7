/** bench/RESULTS.md: one `## ` section per benchmark, each rewritten by its own script. */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeSection(file: string, heading: string, body: string): void {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmark results\n\nEach section is rewritten by its benchmark script.\n\n';
  }
  const start = text.indexOf(heading);
  if (start < 0) text = `${text.trimEnd()}\n\n${body}`;
  else {
    const next = text.indexOf('\n## ', start + heading.length);
    text = text.slice(0, start) + body + (next < 0 ? '' : text.slice(next + 1));
  }
  writeFileSync(file, `${text.trimEnd()}\n`);
  console.log(`wrote ${file}`);
}
