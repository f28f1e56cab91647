import type { INestApplication } from '@nestjs/common';
import { Messages, RECOVERY_CODE_COUNT, TwoFactorMessages, type TwoFactorSetupView } from '@linkbio/shared-contracts';
import { totpCode } from '../src/modules/identity/testing/totp-code.js';
import { agent, signedInCreator, startApp, type Agent } from './support/harness.js';

/*
 * Two-factor sign-in over HTTP, PostgreSQL and Redis: set up with the QR code's secret and one code (computed
 * here independently of the product's library), then sign-in answers { twoFactorRequired: true } without
 * signing in until POST /api/auth/2fa/verify gets a good code or recovery code; each works once.
 */
describe('two-factor sign-in', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  async function withTwoFactor() {
    const creator = await signedInCreator(app);
    const setup = (await creator.client.post('/api/auth/2fa/setup').send({}).expect(200)).body as TwoFactorSetupView;
    const enabled = await creator.client.post('/api/auth/2fa/enable').send({ code: totpCode(setup.secret, new Date()) }).expect(200);
    return { ...creator, secret: setup.secret, setup, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  const passwordStep = async (client: Agent, email: string, password: string) =>
    (await client.post('/api/auth/login').send({ email, password }).expect(200)).body;

  it('sets up from a QR code and one code, and answers ten recovery codes once', async () => {
    const { client, setup, recoveryCodes } = await withTwoFactor();

    expect(setup.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await client.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    const again = await client.post('/api/auth/2fa/setup').send({}).expect(409);
    expect(again.body.message).toBe(TwoFactorMessages.alreadyOn);
  });

  it('signs in only after the second step, and takes each code once', async () => {
    const { details, secret } = await withTwoFactor();
    const browser = agent(app);

    expect(await passwordStep(browser, details.email, details.password)).toEqual({ twoFactorRequired: true });
    await browser.get('/api/auth/me').expect(401);
    const wrong = await browser.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(400);
    expect(wrong.body.message).toBe(TwoFactorMessages.codeWrong);

    const code = totpCode(secret, new Date(), 1);
    const signedIn = await browser.post('/api/auth/2fa/verify').send({ code }).expect(200);
    expect(signedIn.body.email).toBe(details.email);
    await browser.get('/api/auth/me').expect(200);

    const other = agent(app);
    await passwordStep(other, details.email, details.password);
    const replay = await other.post('/api/auth/2fa/verify').send({ code }).expect(400);
    expect(replay.body.message).toBe(TwoFactorMessages.codeWrong);
    await other.get('/api/auth/me').expect(401);
  });

  it('takes a recovery code once instead of a code', async () => {
    const { details, recoveryCodes } = await withTwoFactor();
    const first = agent(app);
    await passwordStep(first, details.email, details.password);
    await first.post('/api/auth/2fa/verify').send({ recoveryCode: recoveryCodes[0]!.toUpperCase() }).expect(200);

    const second = agent(app);
    await passwordStep(second, details.email, details.password);
    const used = await second.post('/api/auth/2fa/verify').send({ recoveryCode: recoveryCodes[0] }).expect(400);
    expect(used.body.message).toBe(TwoFactorMessages.recoveryCodeWrong);
    expect((await first.get('/api/auth/2fa').expect(200)).body.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('wants a right password first: the second step alone signs nobody in', async () => {
    const response = await agent(app).post('/api/auth/2fa/verify').send({ code: '123456' }).expect(401);
    expect(response.body.message).toBe(TwoFactorMessages.noPendingSignIn);
  });

  it('switches off only with the password and a code; sign-in is one step again', async () => {
    const { client, details, recoveryCodes } = await withTwoFactor();
    const wrong = await client.post('/api/auth/2fa/disable').send({ password: 'not the password', recoveryCode: recoveryCodes[1] }).expect(400);
    expect(wrong.body.message).toBe(TwoFactorMessages.passwordWrong);

    await client.post('/api/auth/2fa/disable').send({ password: details.password, recoveryCode: recoveryCodes[1] }).expect(200);

    const browser = agent(app);
    expect((await passwordStep(browser, details.email, details.password)).email).toBe(details.email);
    await browser.get('/api/auth/me').expect(200);
  });

  it.each([
    ['enable', { code: 'abcdef' }, TwoFactorMessages.codeShape],
    ['enable', { code: 12345 }, TwoFactorMessages.codeRequired],
    ['enable', {}, TwoFactorMessages.codeRequired],
    ['disable', { code: '123456' }, Messages.passwordRequired],
    ['disable', { password: 'x', code: '1'.repeat(7) }, TwoFactorMessages.codeShape],
    ['enable', { code: '123456', extra: true }, Messages.unexpectedField('extra')],
  ])('answers POST /api/auth/2fa/%s %j with a clear 400', async (path, body, message) => {
    const { client } = await signedInCreator(app);
    const response = await client.post(`/api/auth/2fa/${path}`).send(body).expect(400);
    expect(response.body.message).toBe(message);
  });

  it('asks a visitor to sign in before setting up', async () => {
    await agent(app).post('/api/auth/2fa/setup').send({}).expect(401);
    await agent(app).get('/api/auth/2fa').expect(401);
  });
});
