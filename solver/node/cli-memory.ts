/**
 * Memory the CLI gives breadth-first search and A* (a Worker keeps solve.ts's BFS_MEMORY_BYTES), as solve.ts counts
 * it (stored positions); the benches and the gallery's answers solve as the CLI does. Large searches take room for
 * every position allowed up front (wasm/engine.ts), so the process stays under 1 GB: measured 0.42 GB for A* at
 * 300 MB, 0.45 GB for breadth-first search storing 24 M ranks.
 */
export const CLI_MEMORY_MB = 700;
export const CLI_MEMORY_BYTES = CLI_MEMORY_MB * 1024 * 1024;
