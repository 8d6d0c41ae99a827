import { useState } from 'react';
import { SITE_COUNTRIES } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { ModalDialog } from '../ui/ModalDialog.js';
import type { PickedLayerFiles } from '../client/catastro-client.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { importPickedLayers } from './run-layer-import.js';

/** Field mapping of picked national designated-areas files; open while files wait for it. */
export function DesignatedAreaForm() {
  const picked = useAppStore((s) => s.layerImport.picked);
  // A new pick starts a blank form: its fields may differ.
  return picked ? <MappingForm key={picked.selection} picked={picked} /> : null;
}

function FieldSelect({
  label,
  value,
  fields,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  fields: string[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('import');
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('mapping.chooseField')}</option>
        {fields.map((field) => (
          <option key={field} value={field}>
            {field}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * No field layout of a national register is guessed (none was at hand to learn it from), so the
 * user names the code, name and designation fields from the layer's own attribute names.
 */
function MappingForm({ picked }: { picked: PickedLayerFiles }) {
  const { t } = useTranslation('import');
  const client = useClient();
  const busy = useAppStore((s) => s.layerImport.status === 'loading');
  const close = () => useAppStore.getState().setLayerImport({ picked: null });
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [fromField, setFromField] = useState(true);
  const [designationField, setDesignationField] = useState('');
  const [designation, setDesignation] = useState('');
  const [country, setCountry] = useState('');
  const complete = code !== '' && name !== '' && (fromField ? designationField !== '' : designation.trim() !== '');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    const mapping = fromField ? { code, name, designationField } : { code, name, designation: designation.trim() };
    void importPickedLayers(client, picked, country ? { mapping, country } : { mapping });
  };

  return (
    <ModalDialog title={t('mapping.title')} onClose={close} closeOnBackdropClick onSubmit={submit}>
      <p className="muted" data-testid="designated-files">
        {picked.files.join(', ')}
      </p>
      <p>{t('mapping.question')}</p>
      <fieldset disabled={busy} className="mapping-fields">
        <FieldSelect label={t('mapping.code')} value={code} fields={picked.fields} onChange={setCode} testId="mapping-code" />
        <FieldSelect label={t('mapping.name')} value={name} fields={picked.fields} onChange={setName} testId="mapping-name" />
        <label className="inline">
          <input type="radio" checked={fromField} onChange={() => setFromField(true)} data-testid="designation-from-field" /> {t('mapping.fromField')}
        </label>
        <label className="inline">
          <input type="radio" checked={!fromField} onChange={() => setFromField(false)} data-testid="designation-as-text" /> {t('mapping.asText')}
        </label>
        {fromField ? (
          <FieldSelect
            label={t('mapping.designationField')}
            value={designationField}
            fields={picked.fields}
            onChange={setDesignationField}
            testId="mapping-designation-field"
          />
        ) : (
          <label>
            {t('mapping.designation')}
            <input value={designation} onChange={(e) => setDesignation(e.target.value)} maxLength={200} data-testid="mapping-designation" />
          </label>
        )}
        <label>
          {t('mapping.country')}
          <select value={country} onChange={(e) => setCountry(e.target.value)} data-testid="mapping-country">
            <option value="">{t('mapping.countryFromCode')}</option>
            {SITE_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <div className="dialog-actions">
        <button type="submit" disabled={!complete || busy} data-testid="mapping-import">
          {t('mapping.import')}
        </button>
        <button type="button" onClick={close}>
          {t('mapping.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
