// Direct calls to the sandbox API, to set up the state a charge test needs quickly.
import type { TestSandbox } from '../../helpers/sandbox.js';

export interface CreatedCharge {
  id: string;
  status: string;
  amount: number;
  external_id: string | null;
  created_at: string;
  pix: { txid: string; emv: string; expires_at: string };
}

export async function createCharge(
  t: TestSandbox,
  body: Record<string, unknown> = {},
): Promise<CreatedCharge> {
  const response = await fetch(`${t.url}/v1/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.main.secret_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1500, payment_method: 'pix', ...body }),
  });
  const envelope = (await response.json()) as { success: boolean; data: CreatedCharge };
  if (!envelope.success) throw new Error(`create failed: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

export async function getCharge(t: TestSandbox, id: string): Promise<CreatedCharge> {
  const response = await fetch(`${t.url}/v1/charges/${id}`, {
    headers: { authorization: `Bearer ${t.main.secret_key}` },
  });
  return ((await response.json()) as { data: CreatedCharge }).data;
}
