import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useClient } from '../app/client-context.js';
import { selectParcelByRef } from '../parcel/select-parcel.js';
import { useAppStore } from '../state/store.js';
import { parseQuery } from './parse-query.js';
import { runSearch } from './run-search.js';

const KIND_HINT = {
  reference: 'Cadastral reference',
  coordinates: 'Coordinates',
  address: 'Address',
  invalid: '',
} as const;

/** One box for references, coordinates (decimal or DMS) and addresses. `/` focuses it, Escape clears it. */
export function SearchBox() {
  const client = useClient();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useAppStore((s) => s.candidates);
  const searchStatus = useAppStore((s) => s.searchStatus);
  const setCandidates = useAppStore((s) => s.setCandidates);
  const parsed = text.trim() ? parseQuery(text) : null;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (event.key === '/' && !typing) {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = parseQuery(text);
    setProblem(query.kind === 'invalid' ? query.reason : null);
    void runSearch(client, query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    if (candidates.length > 0 || searchStatus !== 'idle') setCandidates([], 'idle');
    else if (text) setText('');
    else input.current?.blur();
    setProblem(null);
  };

  const choose = (ref: string) => {
    setCandidates([], 'idle');
    void selectParcelByRef(client, ref);
  };

  return (
    <form className="search" role="search" onSubmit={submit}>
      <input
        ref={input}
        type="search"
        value={text}
        onChange={(e) => { setText(e.target.value); setProblem(null); }}
        onKeyDown={onKeyDown}
        placeholder='Reference, "41.06, -4.47", 41°3′41″N 4°28′6″W or an address  ( / )'
        aria-label="Search parcels"
        data-testid="search-input"
        spellCheck={false}
        autoComplete="off"
      />
      {parsed && parsed.kind !== 'invalid' && <span className="search-kind" data-testid="search-kind">{KIND_HINT[parsed.kind]}</span>}
      <button type="submit">Search</button>
      {problem && <div className="search-problem" role="alert">{problem}</div>}
      {searchStatus === 'loading' && <div className="candidates"><div className="candidate muted">Searching addresses…</div></div>}
      {searchStatus === 'done' && (
        <ul className="candidates" role="listbox" aria-label="Address candidates" data-testid="candidates">
          {candidates.length === 0 && <li className="candidate muted">No candidates.</li>}
          {candidates.map((candidate) => (
            <li key={`${candidate.refCatastral}-${candidate.numero}`} role="option" aria-selected="false">
              <button type="button" className="candidate" onClick={() => choose(candidate.refCatastral)}>
                <strong>{candidate.direccion}</strong>
                <span>{[candidate.codigoPostal, candidate.municipio, candidate.provincia].filter(Boolean).join(' · ')}</span>
                <small>
                  {candidate.refCatastral} · {Math.round(candidate.confianza * 100)}% match
                  {!candidate.coincideNumero && ' · street only'}
                  {candidate.enCopia && ' · in local copy'}
                </small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
