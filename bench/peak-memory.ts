/** `node --import bench/peak-memory.ts …`: prints the process's peak resident memory (KB) on stderr as it exits. */
process.on('exit', () => process.stderr.write(`peak-memory ${process.resourceUsage().maxRSS}\n`));
