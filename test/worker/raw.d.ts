/** Vite's `?raw` imports: a file's text (workerd has no file system for tests to read). */
declare module '*?raw' {
  const text: string;
  export default text;
}
