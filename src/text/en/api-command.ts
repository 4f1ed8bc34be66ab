// What `paygate api` says to people: its refusals of a path or a body. The response itself is
// printed as the gateway wrote it.
import { englishTexts } from '../catalog.js';

const apiCommandEnglish = {
  pathMustStartWithSlash: 'argument: the path starts with / (got {path})',
  bodyTooDeep: '--data: the body is nested deeper than {levels} levels',
  bodyNotJson: '--data: the body is not valid JSON',
} as const;

export type ApiCommandEnglish = typeof apiCommandEnglish;
export const sayApiCommand = englishTexts('api-command', apiCommandEnglish);
