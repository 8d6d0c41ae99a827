import { useEffect, useRef, useState } from 'react';
import { useClient } from '../ui/client-context.js';
import { configuredApiKey } from '../client/create-client.js';
import { useTranslation } from '../i18n/i18n.js';
import { fileSource, hideBasemap, serverSource, showBasemap, type BasemapInfo } from './offline-basemap.js';
import { forgetBasemap, rememberBasemap, rememberedBasemap } from './remembered-basemap.js';

/**
 * When the map is there and has loaded its style. Polling stops when the signal aborts: the panel
 * may be closed (or a test torn down) before the map ever loads, and a timer left behind would
 * then touch a window that is gone.
 */
function whenMapReady(signal?: AbortSignal): Promise<NonNullable<typeof window.__catastroMap>> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      reject(new DOMException('closed', 'AbortError'));
    };
    const check = () => {
      if (signal?.aborted) return;
      const map = window.__catastroMap;
      if (map?.isStyleLoaded()) {
        signal?.removeEventListener('abort', stop);
        resolve(map);
      } else timer = setTimeout(check, 100);
    };
    signal?.addEventListener('abort', stop, { once: true });
    check();
  });
}

/**
 * Layer panel entry of the offline basemap: open a PMTiles file (an OpenStreetMap extract for
 * field work), shown under the cadastre with its attribution and remembered for the next start.
 * A basemap given at start (`catastro start --basemap FILE`, desktop or browser) is shown when none was opened.
 */
export function OfflineBasemap() {
  const { t } = useTranslation('basemap');
  const client = useClient();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<BasemapInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const closed = new AbortController();
    void (async () => {
      const map = await whenMapReady(closed.signal).catch(() => null);
      if (!map) return;
      const file = await rememberedBasemap();
      try {
        if (file) {
          const info = await showBasemap(map, fileSource(file), file.name);
          if (!cancelled) setShown(info);
        } else {
          // The same address in the desktop app (app://catastro, electron/app-protocol.ts) and in a browser.
          const key = client.kind === 'http' ? configuredApiKey() : undefined;
          const url = `${window.location.origin}/api/basemap.pmtiles`;
          const probe = await fetch(url, { method: 'HEAD' });
          if (probe.ok) {
            const info = await showBasemap(map, serverSource(url, key ? new Headers({ 'X-API-Key': key }) : undefined), t('serverFile'));
            if (!cancelled) setShown(info);
          }
        }
      } catch (error) {
        if (!cancelled) setProblem((error as Error).message);
      }
    })();
    return () => {
      cancelled = true;
      closed.abort();
    };
  }, [client, t]);

  const open = async (file: File) => {
    setProblem(null);
    try {
      const info = await showBasemap(await whenMapReady(), fileSource(file), file.name);
      setShown(info);
      await rememberBasemap(file);
    } catch (error) {
      setProblem(t('unreadable', { file: file.name, reason: (error as Error).message }));
    }
  };

  const close = async () => {
    const map = window.__catastroMap;
    if (map) hideBasemap(map);
    setShown(null);
    await forgetBasemap();
  };

  return (
    <div className="offline-basemap" data-testid="offline-basemap">
      {shown ? (
        <p className="basemap-shown" data-testid="basemap-shown" title={shown.attribution}>
          {t('shown', { name: shown.name, kind: t(`kind.${shown.kind}`), min: shown.minZoom, max: shown.maxZoom })}{' '}
          <button type="button" className="icon-button" onClick={() => void close()} data-testid="basemap-close">
            {t('close')}
          </button>
        </p>
      ) : (
        <button type="button" onClick={() => input.current?.click()} title={t('hint')} data-testid="basemap-open">
          {t('open')}
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept=".pmtiles"
        hidden
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void open(f);
          e.target.value = '';
        }}
        data-testid="basemap-file"
      />
      {problem && (
        <p className="search-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
