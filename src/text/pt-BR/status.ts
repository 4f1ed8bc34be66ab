import { portuguese } from '../catalog.js';
import type { StatusEnglish } from '../en/status.js';

export const statusPortuguese = portuguese<StatusEnglish>()({
  pending: 'pendente',
  authorized: 'autorizado',
  paid: 'pago',
  expired: 'expirado',
  failed: 'falhou',
  refunded: 'estornado',
  processing: 'em processamento',
  completed: 'concluído',
  active: 'ativo',
  inactive: 'inativo',
  approved: 'aprovado',
  rejected: 'recusado',
  withReading: '{status} ({reading})',
});
