import type { OutputLanguage } from '../../model/index.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import type { ReportText } from './report-text.js';

export type { GroundMotionClassName, ReportFieldLabel, ReportText } from './report-text.js';

/** The report's texts in every output language (the record's type makes a missing one a type error). */
export const REPORT_TEXT: Record<OutputLanguage, ReportText> = { de, en, es, fr, it, nl, pl, pt };
