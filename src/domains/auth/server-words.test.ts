import { beforeAll, describe, expect, test } from 'bun:test';
import { and, desc, eq } from 'drizzle-orm';
import { sandboxMessages } from '../social/tables';
import { shared, signedInClient, TestClient, testApp } from '../../test/harness';
import { PASSWORD_RESET_JOB } from './password-reset';

/**
 * The server's words in the caller's language (decision 223): the user's setting, else the
 * request's Accept-Language, else English, over REST and tRPC, and in the e-mails sent to them.
 * CSV skip reasons: contacts/import-rows.test.ts; invitations: workspaces/workspaces-invites.test.ts.
 */
let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof shared>>['deps'];
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
});

async function userIn(language: 'fr' | 'es') {
  const u = await signedInClient(app);
  expect((await u.client.patch('/api/settings', { language })).status).toBe(200);
  return u;
}

describe('server words in the caller’s language', () => {
  test('a failed login answers in the language the page asks for (French, Spanish); English by default', async () => {
    const { user } = await signedInClient(app);
    const wrong = { username: user.username, password: 'not the password' };
    const fr = await new TestClient(app).post('/api/login', wrong, { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(fr.status).toBe(401);
    expect(fr.data).toEqual({ message: "Nom d'utilisateur ou mot de passe incorrect" });
    const es = await new TestClient(app).post('/api/login', wrong, { 'accept-language': 'es' });
    expect(es.data).toEqual({ message: 'Nombre de usuario o contraseña incorrectos' });
    // The spec's English stays as it is.
    expect((await new TestClient(app).post('/api/login', wrong)).data).toEqual({ message: 'Invalid username or password' });
    // A zod message of the shared schema too.
    expect((await new TestClient(app).post('/api/login', { username: user.username }, { 'accept-language': 'fr' })).data.message).toBe(
      'Le mot de passe est obligatoire',
    );
  });

  test('a French user’s wrong current password is French over tRPC, whatever the browser’s language', async () => {
    const { client } = await userIn('fr');
    const res = await client.request(
      'POST',
      '/trpc/users.changePassword',
      { currentPassword: 'wrong wrong wrong', newPassword: 'a new secret here' },
      { 'accept-language': 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.data.error.message).toBe('Le mot de passe actuel est incorrect');
    // The English travels beside it, for a screen that reacts to one refusal.
    expect(res.data.error.data.messageEn).toBe('Current password is incorrect');
  });

  test('a Spanish user’s not-found answer is Spanish over REST (plan limits: src/server/i18n/translate.test.ts)', async () => {
    const { client } = await userIn('es');
    const missing = await client.get('/api/contact-lists/nope');
    expect(missing.status).toBe(404);
    expect(missing.data.message).toBe('Lista de contactos no encontrada');
  });

  test('the reset e-mail of a French user is French (the sandbox inbox)', async () => {
    const { user } = await userIn('fr');
    expect((await new TestClient(app).post('/api/password/forgot', { email: user.email })).status).toBe(200);
    const end = Date.now() + 20_000;
    for (;;) {
      const jobs = await deps.queue.boss.findJobs<{ email: string }>(PASSWORD_RESET_JOB, { data: { email: user.email.toLowerCase() } });
      if ((jobs.length && jobs.every((j) => j.state === 'completed')) || Date.now() > end) break;
      await Bun.sleep(50);
    }
    const mails = await deps.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.workspaceId, user.id), eq(sandboxMessages.channel, 'email')))
      .orderBy(desc(sandboxMessages.createdAt));
    const reset = mails.find((m) => m.text.includes('/reset-password?token='));
    expect(reset?.subject).toBe('Réinitialisez votre mot de passe');
    expect(reset!.text).toStartWith('Bonjour Test User,\n\nQuelqu’un a demandé à réinitialiser le mot de passe');
    expect(reset!.text).toContain('Si ce n’était pas vous, ignorez cet e-mail');
  });
});
