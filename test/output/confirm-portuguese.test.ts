// A confirmation asked in Portuguese (src/prompter.ts): inquirer's confirm reads only y/n, so in
// Portuguese the question is a line that takes s/sim and n/não, and shows `(S/n)`.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createInquirerPrompter } from '../../src/prompter.js';
import { createFakeIO } from '../helpers/fake-io.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { untilValue } from '../helpers/until-value.js';

englishAfterEachTest();

/** Asks `confirm` with a scripted terminal: each answer typed once the question shows. */
async function confirmTyping(answers: string[], defaultAnswer?: boolean) {
  const io = createFakeIO({ tty: true });
  const stdin = new PassThrough();
  const prompter = createInquirerPrompter({ ...io, stdin });
  const asked = prompter.confirm({
    message: 'Enviar a transferência?',
    ...(defaultAnswer === undefined ? {} : { default: defaultAnswer }),
  });
  await untilValue(() => (io.stderr.text.includes('Enviar a transferência?') ? true : undefined));
  for (const [index, answer] of answers.entries()) {
    // After a refused answer the question shows why, and Ctrl-U clears the line it kept.
    if (index > 0) {
      await untilValue(() => (io.stderr.text.includes('Responda s (sim) ou n (não).') ? true : undefined));
      stdin.write('\x15');
    }
    stdin.write(`${answer}\n`);
  }
  return { answer: await asked, screen: io.stderr.text };
}

describe('a confirmation in Portuguese', () => {
  it('shows (S/n) and takes sim as yes', async () => {
    await speakPortuguese();
    const { answer, screen } = await confirmTyping(['sim']);
    expect(answer).toBe(true);
    expect(screen).toContain('Enviar a transferência? (S/n)');
    expect(screen).toContain('Sim');
  });

  it('takes não as no, and Enter as the default', async () => {
    await speakPortuguese();
    expect((await confirmTyping(['não'])).answer).toBe(false);
    expect((await confirmTyping([''], false)).answer).toBe(false);
    expect((await confirmTyping([''], true)).answer).toBe(true);
  });

  it('asks again on an answer that is neither, never taking it as the default', async () => {
    await speakPortuguese();
    const { answer, screen } = await confirmTyping(['talvez', 's'], false);
    expect(answer).toBe(true);
    expect(screen).toContain('(s/N)');
    expect(screen).toContain('Responda s (sim) ou n (não).');
  });
});
