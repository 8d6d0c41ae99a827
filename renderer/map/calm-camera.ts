/**
 * Whether the map should move without animating. Under software WebGL (SwiftShader on a field
 * laptop without a usable GPU, llvmpipe in a VM, Chromium with --disable-gpu) a frame of the map
 * costs a busy main thread 100-300 ms, so a 600 ms flight is a few frozen frames that hold back the
 * parcel panel; a jump costs one frame. The user's reduced-motion setting asks for the same.
 */
let softwareRenderer: boolean | undefined;

const SOFTWARE_RENDERERS = /SwiftShader|llvmpipe|softpipe|Software Rasterizer|Microsoft Basic Render/i;

/** The WebGL renderer's name, from a throwaway context (asked once: MapLibre's options need it before the map exists). */
function isSoftwareRenderer(): boolean {
  if (softwareRenderer !== undefined) return softwareRenderer;
  try {
    const gl = document.createElement('canvas').getContext('webgl2') ?? document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const name = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    softwareRenderer = SOFTWARE_RENDERERS.test(name);
  } catch {
    softwareRenderer = false;
  }
  return softwareRenderer;
}

export function calmCamera(): boolean {
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reducedMotion || isSoftwareRenderer();
}

/** Runs `move` after the browser has painted what the current task changed (the panel first, then the map). */
export function afterNextPaint(move: () => void): void {
  requestAnimationFrame(() => setTimeout(move, 0));
}
