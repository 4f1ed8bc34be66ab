// Labels and headers that are read by people in a table and by scripts in csv/plain: a detail
// view's `-o plain`/`-o csv` and a list's csv header are keys a script reads, the same bytes in
// every language (docs/language.md, "What changes and what never does"); a table says them in
// the run's language.
import { fillPlaceholders, type Say, type Texts } from './catalog.js';

/** An area's texts said in English whatever the run's language: what scripts read. */
export function sayInEnglish<Area extends Texts>(english: Area): Say<Area> {
  return ((key: string, values: Readonly<Record<string, string | number>> = {}) => {
    const text = english[key]!;
    const form = typeof text === 'string' ? text : Number(values.count) === 1 ? text.one : text.other;
    return fillPlaceholders(form, values);
  }) as Say<Area>;
}

/** The run's language for people (`forPeople`: a table), English for a script's csv or plain. */
export function labelsFor<Area extends Texts>(say: Say<Area>, english: Area, forPeople: boolean): Say<Area> {
  return forPeople ? say : sayInEnglish(english);
}
