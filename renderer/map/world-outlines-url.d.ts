// The URL of the country outlines' GeoJSON, made at build time (scripts/vite-world-outlines.ts).
declare module 'virtual:world-outlines-url' {
  const url: string;
  export default url;
}
