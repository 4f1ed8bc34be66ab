// What `split preview` says to a person (src/commands/split/preview.ts), and the warning every
// preview of a split starts with (charge create's too); the broken rules themselves are the
// domain's (src/domain/split.ts).
import { englishTexts } from '../catalog.js';

export const splitEnglish = {
  // Said by the command, not the domain: a preview whose rules hold reads no `rules` area (bench/CHOICES.md).
  estimate: 'This is an estimate: the gateway computes the final fee and split, and its figures win.',
  noArguments: 'split preview takes no arguments',
  amountRequired: '--amount is required (the charge amount, e.g. 10000 or 100.00)',
  rulesBrokenListed: {
    one: '{count} split rule broken (listed above)',
    other: '{count} split rules broken (listed above)',
  },
  rulesBroken: { one: '{count} split rule broken: {rules}', other: '{count} split rules broken: {rules}' },
  sellerNotChecked:
    '{field}: seller {seller} was not checked: the API looks sellers up by e-mail only; the gateway checks it when the charge is created.',
  statusNotActive: 'status is {status}, not active',
  complianceNotApproved: 'compliance is {status}, not approved',
  pixNotEnabled: 'PIX is not enabled',
  cannotReceive: '{field}: seller {seller} ({email}) cannot receive a split: {problems}',
  sellerNotFound: '{field}: no seller with e-mail {email}',
  percentOfNet: '{percentage}% of net',
  fixed: 'fixed',
  mainSeller: 'main seller (remainder)',
  labelGross: 'Gross',
  labelFee: 'Fee ({rate}%)',
  labelNet: 'Net',
  labelMode: 'Mode',
  modePercentage: 'percentage',
  modeAmount: 'amount',
  headerSeller: 'SELLER',
  headerShare: 'SHARE',
  headerAmount: 'AMOUNT',
  headerDescription: 'DESCRIPTION',
} as const;

export type SplitEnglish = typeof splitEnglish;
export const saySplit = englishTexts('split', splitEnglish);
