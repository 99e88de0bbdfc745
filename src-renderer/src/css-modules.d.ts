// Vite's CSS modules, typed without pulling vite/client into the renderer's globals.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>
  export default classes
}
