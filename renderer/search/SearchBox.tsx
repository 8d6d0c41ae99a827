import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CountryInfo } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { useTranslation } from '../i18n/i18n.js';
import { ErrorDetails } from '../errors/ErrorDetails.js';
import { selectParcelByRef } from '../parcel/select-parcel.js';
import { USelection } from '../state/selection.js';
import { useAppStore } from '../state/store.js';
import { defaultSearchCountry, outlinesDecideAt } from './country-at.js';
import { useWorldOutlines } from '../map/world-outlines.js';
import { projections } from '../geo/projections.js';
import { looksLikeUtm, parseQuery, type SearchQuery } from './parse-query.js';
import { runSearch } from './run-search.js';
import { useBelowToolbar } from './use-below-toolbar.js';
import { mapView } from '../map/view-context.js';

/** One box for references, coordinates (decimal or DMS) and addresses. `/` focuses it, Escape clears it. */
export function SearchBox() {
  const { t, i18n } = useTranslation('search');
  const client = useClient();
  const input = useRef<HTMLInputElement>(null);
  const text = useAppStore((s) => s.searchText);
  const setText = useAppStore((s) => s.setSearchText);
  const lookupError = useAppStore((s) => (s.error?.place === 'search' ? s.error : null));
  const [problem, setProblem] = useState<SearchQuery | null>(null);
  const candidates = useAppStore((s) => s.candidates);
  const searchStatus = useAppStore((s) => s.searchStatus);
  const fromCopy = useAppStore((s) => s.candidatesFromCopy);
  const setCandidates = useAppStore((s) => s.setCandidates);
  const context = () => ({ longitude: mapView()?.centreLongitude() });
  // UTM needs proj4, fetched after the first view: read once it is there (the effect below asks for it).
  const utmReadable = !!projections.use(false);
  const parsed = text.trim() && (utmReadable || !looksLikeUtm(text)) ? parseQuery(text, context()) : null;
  useEffect(() => {
    if (looksLikeUtm(text)) projections.load().catch(() => undefined);
  }, [text]);
  /** The query of a text, once proj4 has come when the text is UTM. */
  const whenRead = (value: string, then: (query: SearchQuery) => void) => {
    const read = () => then(parseQuery(value, context()));
    if (!looksLikeUtm(value) || projections.loaded()) read();
    else void projections.load().then(read, read);
  };
  const [countries, setCountries] = useState<CountryInfo[]>([]);
  /** The country picked by hand; until then the one at the map centre. */
  const [pickedCountry, setPickedCountry] = useState<string | null>(null);
  const mapCentre = useAppStore((s) => s.mapCentre);
  useWorldOutlines(outlinesDecideAt(countries, mapCentre)); // where Spain's and France's boxes overlap, the outlines decide once loaded
  const country = pickedCountry ?? defaultSearchCountry(countries, mapCentre, i18n.resolvedLanguage ?? i18n.language)?.code ?? 'ES';
  const form = useRef<HTMLFormElement>(null);
  const problemTop = useBelowToolbar(form, problem?.kind === 'invalid' || (!problem && !!lookupError));

  useEffect(() => {
    let live = true;
    client
      .call('status')
      .then((status) => {
        if (live) setCountries(status.countries ?? []);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);

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
    whenRead(text, (query) => {
      setProblem(query.kind === 'invalid' ? query : null);
      void runSearch(client, query, country);
    });
  };

  const list = useRef<HTMLUListElement>(null);
  const candidateButtons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button.candidate') ?? [])];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && candidates.length > 0) {
      event.preventDefault();
      candidateButtons()[0]?.focus();
      return;
    }
    if (event.key !== 'Escape') return;
    setProblem(null);
    if (candidates.length > 0 || searchStatus === 'loading' || searchStatus === 'done') return setCandidates([], 'idle');
    // One Escape drops the search and its answer, as it does anywhere else in the app.
    setText('');
    input.current?.blur();
    const store = useAppStore.getState();
    store.select(USelection.none());
    if (store.error?.place === 'search') store.showError(null);
  };

  const searchFor = (value: string) => {
    setText(value);
    setProblem(null);
    whenRead(value, (query) => void runSearch(client, query));
  };

  /**
   * Arrow keys walk the candidates (Enter on one opens it, as a click does); up from the first, or
   * Escape, goes back to the box. Focus moves to real buttons: every browser and screen reader
   * knows them, which an active-descendant listbox would have to imitate.
   */
  const onCandidatesKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = candidateButtons();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.current?.focus();
      else buttons[Math.min(next, buttons.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      // Only the list closes; the app's Escape (drop the selection) waits for the next one.
      event.stopPropagation();
      setCandidates([], 'idle');
      input.current?.focus();
    }
  };

  const choose = (ref: string, pais: string) => {
    setCandidates([], 'idle');
    void selectParcelByRef(client, ref, pais);
  };

  return (
    <form className="search" role="search" onSubmit={submit} ref={form}>
      <input
        ref={input}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('placeholder')}
        aria-label={t('label')}
        data-testid="search-input"
        spellCheck={false}
        autoComplete="off"
      />
      {parsed && parsed.kind !== 'invalid' && (
        <span className="search-kind" data-testid="search-kind">
          {parsed.kind === 'coordinates' && parsed.utmZone ? t('kind.utm', { zone: parsed.utmZone }) : t(`kind.${parsed.kind}`)}
        </span>
      )}
      {countries.some((c) => c.byAddress) && (
        <select
          className="search-country"
          value={country}
          onChange={(e) => setPickedCountry(e.target.value)}
          aria-label={t('country')}
          title={t('countryTitle')}
          data-testid="search-country"
        >
          {countries
            .filter((c) => c.byAddress)
            .map((c) => (
              <option key={c.code} value={c.code}>
                {c.code}
              </option>
            ))}
        </select>
      )}
      <button type="submit">{t('submit')}</button>
      {problem?.kind === 'invalid' && (
        <div className="search-problem" role="alert" data-testid="search-problem" style={{ top: problemTop }}>
          {t(`invalid.${problem.reason}`, problem.values)}
          {problem.reason === 'controlLetters' && (
            <button type="button" className="suggestion" data-testid="search-suggestion" onClick={() => searchFor(String(problem.values!.corrected))}>
              {t('searchSuggestion', { ref: problem.values!.corrected })}
            </button>
          )}
        </div>
      )}
      {!problem && lookupError && (
        <div className="search-problem" role="alert" data-testid="search-problem" style={{ top: problemTop }}>
          <strong>{lookupError.title}</strong>
          <p>{lookupError.message}</p>
          <p className="advice">{lookupError.advice}</p>
          {lookupError.choices && (
            <ul className="search-choices" aria-label={t('choices')}>
              {lookupError.choices.map((choice) => (
                <li key={choice.text}>
                  <button type="button" className="suggestion" data-testid="search-choice" onClick={() => searchFor(choice.text)}>
                    {choice.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ErrorDetails error={lookupError} />
          <button type="button" className="close" onClick={() => useAppStore.getState().showError(null)} aria-label={t('errors:dismiss')}>
            ×
          </button>
        </div>
      )}
      {searchStatus === 'loading' && (
        <div className="candidates">
          <div className="candidate muted">{t('searching')}</div>
        </div>
      )}
      {searchStatus === 'done' && (
        <div className="candidates">
          {fromCopy && (
            <p className="from-copy" role="status" data-testid="candidates-from-copy">
              {t('foundInCopy')}
            </p>
          )}
          <ul className="candidate-list" aria-label={t('candidates')} data-testid="candidates" ref={list} onKeyDown={onCandidatesKeyDown}>
            {candidates.length === 0 && <li className="candidate muted">{t('noCandidates')}</li>}
            {candidates.map((candidate) => (
              <li key={`${candidate.refCatastral}-${candidate.numero}`}>
                <button type="button" className="candidate" onClick={() => choose(candidate.refCatastral, candidate.pais)}>
                  <strong>{candidate.direccion}</strong>
                  <span>{[candidate.codigoPostal, candidate.municipio, candidate.provincia].filter(Boolean).join(' · ')}</span>
                  <small>
                    {candidate.refCatastral} · {t('match', { percent: Math.round(candidate.confianza * 100) })}
                    {!candidate.coincideNumero && ` · ${t('streetOnly')}`}
                    {candidate.enCopia && ` · ${t('inLocalCopy')}`}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
