/**
 * Real SMS providers: Alibaba Cloud and Tencent Cloud, each through its official SDK,
 * driven against a local server standing in for the provider's endpoint (SMS_ENDPOINT). The request
 * the SDK sends is checked (action, phone, template, the code in the template parameter, a
 * signature), and every kind of refusal is mapped to 503 with `smsError` and a Chinese message,
 * through REST and tRPC, on every route that sends a code. Then the console provider in production:
 * it claims nothing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AliyunSmsProvider, TencentSmsProvider } from '../../src/server/accounts/sms-gateways.ts';
import { ConsoleSmsProvider, SMS_FAILURES, type SmsFailureKind } from '../../src/server/accounts/sms.ts';
import type { SmsGatewaySettings } from '../../src/server/kernel/config.ts';
import { freshPhone, trpcCall, type TestApp } from '../helpers/api.ts';
import { SMS_CODE_TTL_MINUTES } from '../../src/shared/constants.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import {
  ALIYUN,
  ALIYUN_NOT_SENT,
  ALIYUN_TOO_FREQUENT,
  startFakeGateway,
  TENCENT,
  TENCENT_NOT_SENT,
  TENCENT_TOO_FREQUENT,
  type FakeGateway,
  type GatewayReply,
  type GatewayRequest,
} from '../helpers/fake-sms-gateway.ts';
import { createUser, FIXTURE_PASSWORD } from '../helpers/fixtures.ts';
import { serveTestApp } from '../helpers/serve.ts';

/** What a provider's request said, read the provider's way. */
interface Sent {
  action: string;
  phone: string;
  template: string;
  /** The template parameters, in order. */
  params: string[];
  signName: string;
  /** An HMAC-SHA256 signature over the request is in the Authorization header. */
  signed: boolean;
  appId?: string;
}

interface ProviderCase {
  name: 'aliyun' | 'tencent';
  answers: Record<'ok' | Exclude<SmsFailureKind, 'not_configured'>, GatewayReply>;
  /** HTTP 200 answers that do not say the message was accepted. */
  notSent: GatewayReply[];
  /** Every way the provider says the number or account sends too often. */
  tooFrequent: GatewayReply[];
  settings: Omit<SmsGatewaySettings, 'endpoint'>;
  read(req: GatewayRequest): Sent;
}

const PROVIDERS: ProviderCase[] = [
  {
    name: 'aliyun',
    answers: ALIYUN,
    notSent: ALIYUN_NOT_SENT,
    tooFrequent: ALIYUN_TOO_FREQUENT,
    settings: {
      provider: 'aliyun',
      accessKeyId: 'LTAI5tTestKeyId',
      accessKeySecret: 'test-secret-aliyun',
      signName: '猎人创意',
      appId: '',
      region: 'cn-hangzhou',
      templates: { register: 'SMS_100000001', reset: 'SMS_100000002', change_phone: 'SMS_100000003', phone_changed: 'SMS_100000004' },
    },
    read: (req) => ({
      action: String(req.headers['x-acs-action']),
      phone: req.query.get('PhoneNumbers') ?? '',
      template: req.query.get('TemplateCode') ?? '',
      params: Object.values(JSON.parse(req.query.get('TemplateParam') ?? '{}') as Record<string, string>),
      signName: req.query.get('SignName') ?? '',
      signed: /^ACS3-HMAC-SHA256 Credential=LTAI5tTestKeyId,.*Signature=[0-9a-f]{64}$/.test(String(req.headers.authorization)),
    }),
  },
  {
    name: 'tencent',
    answers: TENCENT,
    notSent: TENCENT_NOT_SENT,
    tooFrequent: TENCENT_TOO_FREQUENT,
    settings: {
      provider: 'tencent',
      accessKeyId: 'AKIDTestSecretId',
      accessKeySecret: 'test-secret-tencent',
      signName: '猎人创意',
      appId: '1400000001',
      region: 'ap-guangzhou',
      templates: { register: '2000001', reset: '2000002', change_phone: '2000003', phone_changed: '2000004' },
    },
    read: (req) => ({
      action: String(req.headers['x-tc-action']),
      phone: String(req.json?.PhoneNumberSet?.[0] ?? '').replace(/^\+86/, ''),
      template: req.json?.TemplateId,
      params: req.json?.TemplateParamSet ?? [],
      signName: req.json?.SignName,
      signed: /^TC3-HMAC-SHA256 Credential=AKIDTestSecretId\/.*Signature=[0-9a-f]{64}$/.test(String(req.headers.authorization)),
      appId: req.json?.SmsSdkAppId,
    }),
  },
];

const FAILURE_KINDS = ['template', 'frequency', 'balance', 'phone', 'account', 'unavailable'] as const;
const CHINESE = /[\u4e00-\u9fff]/;

/** Everything the server wrote with console.error / console.warn while a test ran. */
function captureLogs() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  const spies = [vi.spyOn(console, 'error').mockImplementation(keep), vi.spyOn(console, 'warn').mockImplementation(keep)];
  return { text: () => lines.join('\n'), restore: () => spies.forEach((s) => s.mockRestore()) };
}

const codesFor = (app: TestApp, phone: string) => app.deps.db.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute();

describe.each(DIALECTS)('SMS providers on %s', (dialect) => {
  describe.each(PROVIDERS)('$name through its SDK', (p) => {
    let gateway: FakeGateway;
    beforeAll(async () => {
      gateway = await startFakeGateway(p.answers.ok);
    });
    afterAll(async () => {
      await gateway.close();
    });
    const app = serveTestApp(dialect, () => ({ smsProvider: p.name, smsGateway: { ...p.settings, endpoint: gateway.url } }));
    beforeEach(() => {
      gateway.reply = p.answers.ok;
    });
    const lastSent = () => p.read(gateway.requests.at(-1)!);

    it('sends a register code: SendSms, the phone, the register template, the code as its parameter, the sign name, signed; the code registers', async () => {
      const phone = freshPhone();
      const before = gateway.requests.length;
      const res = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('验证码已发送到你的手机');
      expect(gateway.requests.length).toBe(before + 1);
      const sent = lastSent();
      expect(sent).toMatchObject({ action: 'SendSms', phone, template: p.settings.templates.register, signName: '猎人创意', signed: true });
      expect(sent.params[0]).toMatch(/^\d{6}$/);
      // A real gateway's code reaches a person: it is never in the answer, and the test code does not
      // stand in for it, though this server runs outside production.
      expect(res.body.debugCode).toBeUndefined();
      expect(res.body.data).toEqual({});
      const withTestCode = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: '123456' } });
      expect([withTestCode.status, withTestCode.body.message]).toEqual([400, '生产环境不允许使用测试验证码，请使用真实验证码']);
      if (p.name === 'tencent') expect(sent.appId).toBe('1400000001');
      const reg = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: sent.params[0] } });
      expect(reg.status).toBe(201);

      // The same through tRPC.
      const other = freshPhone();
      const viaTrpc = await trpcCall(app, 'mutation', 'auth.sendSmsCode', { phone: other, purpose: 'register' });
      expect(viaTrpc.status).toBe(200);
      expect(lastSent()).toMatchObject({ action: 'SendSms', phone: other, template: p.settings.templates.register, signed: true });
      expect(viaTrpc.body.result.data.debugCode).toBeUndefined();
      const viaTrpcTestCode = await trpcCall(app, 'mutation', 'auth.register', { phone: other, password: 'secret123', verifyCode: '123456' });
      expect([viaTrpcTestCode.status, viaTrpcTestCode.body.error.message]).toEqual([400, '生产环境不允许使用测试验证码，请使用真实验证码']);
      // And the register form is told so, to refuse it before asking (outside production too).
      const site = await trpcCall(app, 'query', 'site.identity', undefined);
      expect([site.body.result.data.data.production, site.body.result.data.data.acceptsTestCode]).toEqual([false, false]);
    });

    it('sends reset codes with the reset template, from send-sms-code and send-phone-code, REST and tRPC', async () => {
      const user = await createUser(app.deps);
      const calls = [
        () => app.api('POST', '/api/auth/send-sms-code', { body: { phone: user.phone, purpose: 'reset' } }),
        () => app.api('POST', '/api/auth/send-phone-code', { body: { phone: user.phone } }),
        () => trpcCall(app, 'mutation', 'auth.sendSmsCode', { phone: user.phone, purpose: 'reset' }),
        () => trpcCall(app, 'mutation', 'auth.sendPhoneCode', { phone: user.phone }),
      ];
      for (const call of calls) {
        const res = await call();
        expect(res.status).toBe(200);
        expect(lastSent()).toMatchObject({ action: 'SendSms', phone: user.phone, template: p.settings.templates.reset, signed: true });
      }
      const code = lastSent().params[0];
      const reset = await app.api('POST', '/api/auth/reset-password', { body: { phone: user.phone, code, newPassword: 'new-secret-1' } });
      expect(reset.status).toBe(200);
    });

    it('sends the change-phone code to the new number, then the notice to the old one with its own template', async () => {
      // Made in the database: registering through a real gateway has no debugCode to read.
      const member = await createUser(app.deps);
      const newPhone = freshPhone();
      const sent = await app.api('POST', '/api/auth/send-sms-code', { token: member.token, body: { phone: newPhone, purpose: 'change_phone', currentPassword: FIXTURE_PASSWORD } });
      expect(sent.status).toBe(200);
      expect(lastSent()).toMatchObject({ phone: newPhone, template: p.settings.templates.change_phone });
      expect(sent.body.debugCode).toBeUndefined();
      expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: newPhone, code: '123456', purpose: 'change_phone' } })).status).toBe(400);
      expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: newPhone, code: lastSent().params[0], purpose: 'change_phone' } })).status).toBe(200);
      expect((await app.api('POST', '/api/auth/update-phone', { token: member.token, body: { phone: newPhone, currentPassword: FIXTURE_PASSWORD } })).status).toBe(200);
      const notice = lastSent();
      expect(notice).toMatchObject({ action: 'SendSms', phone: member.phone, template: p.settings.templates.phone_changed, signed: true });
      expect(notice.params).toEqual([`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`]);

      // tRPC asks for a change-phone code the same way.
      const again = freshPhone();
      const viaTrpc = await trpcCall(app, 'mutation', 'auth.sendSmsCode', { phone: again, purpose: 'change_phone', currentPassword: FIXTURE_PASSWORD }, member.token);
      expect(viaTrpc.status).toBe(200);
      expect(lastSent()).toMatchObject({ phone: again, template: p.settings.templates.change_phone });
    });

    it.each(FAILURE_KINDS)('maps the provider’s %s refusal to 503 with smsError, withdraws the code and logs the provider’s code without the code', async (kind) => {
      gateway.reply = p.answers[kind];
      const want = SMS_FAILURES[kind];
      const user = await createUser(app.deps);
      const logs = captureLogs();
      try {
        const phone = freshPhone();
        const rest = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
        expect(rest.status).toBe(503);
        expect(rest.body).toEqual({ success: false, message: want.message, smsError: want.smsError });
        expect(rest.body.message).toMatch(CHINESE);
        expect(await codesFor(app, phone)).toEqual([]);
        const code = lastSent().params[0];
        expect(code).toMatch(/^\d{6}$/);

        const trpc = await trpcCall(app, 'mutation', 'auth.sendSmsCode', { phone: freshPhone(), purpose: 'register' });
        expect(trpc.status).toBe(503);
        expect(trpc.body.error.message).toBe(want.message);
        expect(trpc.body.error.data.extra).toEqual({ smsError: want.smsError });

        const reset = await app.api('POST', '/api/auth/send-phone-code', { body: { phone: user.phone } });
        expect(reset.status).toBe(503);
        expect(reset.body.smsError).toBe(want.smsError);
        const resetTrpc = await trpcCall(app, 'mutation', 'auth.sendPhoneCode', { phone: user.phone });
        expect(resetTrpc.status).toBe(503);
        expect(resetTrpc.body.error.data.extra.smsError).toBe(want.smsError);
        expect(await codesFor(app, user.phone)).toEqual([]);

        const logged = logs.text();
        expect(logged).toContain(`[sms] ${p.name}`);
        expect(logged).toContain(`（${kind}）`);
        const providerCode = (p.answers[kind].body as any)?.Code ?? (p.answers[kind].body as any)?.Response?.SendStatusSet?.[0]?.Code ?? (p.answers[kind].body as any)?.Response?.Error?.Code;
        if (providerCode) expect(logged).toContain(providerCode);
        for (const req of gateway.requests.slice(-4)) expect(logged).not.toContain(p.read(req).params[0]);
        expect(logged).not.toContain(phone);
      } finally {
        logs.restore();
      }
    });

    it('takes an HTTP 200 without the provider\u2019s success code as not sent: 503 短信服务暂时不可用, the code withdrawn', async () => {
      const logs = captureLogs();
      try {
        for (const reply of p.notSent) {
          gateway.reply = reply;
          const phone = freshPhone();
          const rest = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
          expect([rest.status, rest.body], JSON.stringify(reply.body)).toEqual([503, { success: false, ...SMS_FAILURES.unavailable }]);
          expect(await codesFor(app, phone)).toEqual([]);
          const trpc = await trpcCall(app, 'mutation', 'auth.sendSmsCode', { phone: freshPhone(), purpose: 'register' });
          expect([trpc.status, trpc.body.error.data.extra], JSON.stringify(reply.body)).toEqual([503, { smsError: SMS_FAILURES.unavailable.smsError }]);
        }
      } finally {
        logs.restore();
      }
    });

    it('answers every frequency limit of the provider as too frequent, not as unavailable', async () => {
      const logs = captureLogs();
      try {
        for (const reply of p.tooFrequent) {
          gateway.reply = reply;
          const phone = freshPhone();
          const rest = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
          expect([rest.status, rest.body], JSON.stringify(reply.body)).toEqual([503, { success: false, ...SMS_FAILURES.frequency }]);
          expect(await codesFor(app, phone)).toEqual([]);
          const trpc = await trpcCall(app, 'mutation', 'auth.sendSmsCode', { phone: freshPhone(), purpose: 'register' });
          expect([trpc.status, trpc.body.error.message], JSON.stringify(reply.body)).toEqual([503, SMS_FAILURES.frequency.message]);
        }
        expect(logs.text()).toContain('（frequency）');
      } finally {
        logs.restore();
      }
    });

    it('answers 503 when the provider drops the connection, and the SDK’s error text (which quotes the request) never reaches the log', async () => {
      gateway.reply = { drop: true };
      const logs = captureLogs();
      try {
        const phone = freshPhone();
        const res = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ success: false, ...SMS_FAILURES.unavailable });
        const code = lastSent().params[0];
        expect(logs.text()).toContain('（unavailable）');
        expect(logs.text()).not.toContain(code);
      } finally {
        logs.restore();
      }
    });

    it('reports the active provider in /api/health/ready', async () => {
      const ready = await app.api('GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.data.sms).toEqual({ provider: p.name, configured: true });
    });
  });
});

describe('SMS notices without a template', () => {
  it.each(PROVIDERS)('$name sends no notice when SMS_TEMPLATE_PHONE_CHANGED is unset', async (p) => {
    const gateway = await startFakeGateway(p.answers.ok);
    try {
      const settings = { ...p.settings, endpoint: gateway.url, templates: { ...p.settings.templates, phone_changed: undefined } };
      const provider = p.name === 'aliyun' ? new AliyunSmsProvider(settings) : new TencentSmsProvider(settings);
      await provider.notify('13800000000', { kind: 'phone_changed', newPhone: '13900000000' });
      expect(gateway.requests).toEqual([]);
      await provider.send('13800000000', '246810', 'register');
      expect(p.read(gateway.requests[0])).toMatchObject({ phone: '13800000000', params: ['246810'], template: p.settings.templates.register });
    } finally {
      await gateway.close();
    }
  });
});

describe('the console provider in development', () => {
  it('prints each code with what it is for, in Chinese, for the operator', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const provider = new ConsoleSmsProvider();
      await provider.send('13800000000', '135790', 'register');
      await provider.send('13800000000', '246802', 'reset');
      await provider.send('13900000000', '112233', 'change_phone');
      expect(log.mock.calls.map((c) => c[0])).toEqual([
        `[短信] 13800000000 的注册验证码：135790（${SMS_CODE_TTL_MINUTES} 分钟内有效）`,
        `[短信] 13800000000 的找回密码验证码：246802（${SMS_CODE_TTL_MINUTES} 分钟内有效）`,
        `[短信] 13900000000 的更换手机号验证码：112233（${SMS_CODE_TTL_MINUTES} 分钟内有效）`,
      ]);
    } finally {
      log.mockRestore();
    }
  });
});

describe.each(DIALECTS)('the console provider in production on %s', (dialect) => {
  const app = serveTestApp(dialect, { production: true });
  const developmentApp = serveTestApp(dialect);
  const NOT_CONFIGURED = { success: false, message: '短信服务未配置，请联系管理员', smsError: '短信服务未配置' };
  let logs: ReturnType<typeof captureLogs>;
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => logs.restore());

  it('never says a code was sent: every route that sends one, registration and reset answer 503 短信服务未配置，请联系管理员 (REST)', async () => {
    const user = await createUser(app.deps);
    const phone = freshPhone();
    const calls: [string, unknown, string?][] = [
      ['/api/auth/send-sms-code', { phone, purpose: 'register' }],
      ['/api/auth/send-sms-code', { phone: user.phone, purpose: 'reset' }],
      ['/api/auth/send-sms-code', { phone: freshPhone(), purpose: 'change_phone' }, user.token],
      ['/api/auth/send-phone-code', { phone: user.phone }],
      ['/api/auth/register', { phone, password: 'secret123', verifyCode: '654321' }],
      ['/api/auth/reset-password', { phone: user.phone, code: '654321', newPassword: 'new-secret-1' }],
    ];
    for (const [path, body, token] of calls) {
      const res = await app.api('POST', path, { body, token });
      expect(res.status, path).toBe(503);
      expect(res.body, path).toEqual(NOT_CONFIGURED);
    }
    expect(await app.deps.db.selectFrom('sms_codes').select('id').execute()).toEqual([]);
    expect(await app.deps.db.selectFrom('users').select('id').where('phone', '=', phone).execute()).toEqual([]);
  });

  it('tells the register form the test code is refused, where a development server takes it', async () => {
    const site = await trpcCall(app, 'query', 'site.identity', undefined);
    expect([site.body.result.data.data.production, site.body.result.data.data.acceptsTestCode]).toEqual([true, false]);
    const development = await trpcCall(developmentApp, 'query', 'site.identity', undefined);
    expect([development.body.result.data.data.production, development.body.result.data.data.acceptsTestCode]).toEqual([false, true]);
  });

  it('says the same through tRPC', async () => {
    const user = await createUser(app.deps);
    const calls: [string, unknown, string?][] = [
      ['auth.sendSmsCode', { phone: freshPhone(), purpose: 'register' }],
      ['auth.sendSmsCode', { phone: freshPhone(), purpose: 'change_phone' }, user.token],
      ['auth.sendPhoneCode', { phone: user.phone }],
      ['auth.register', { phone: freshPhone(), password: 'secret123', verifyCode: '654321' }],
      ['auth.resetPassword', { phone: user.phone, code: '654321', newPassword: 'new-secret-1' }],
    ];
    for (const [procedure, input, token] of calls) {
      const res = await trpcCall(app, 'mutation', procedure, input, token);
      expect(res.status, procedure).toBe(503);
      expect(res.body.error.message, procedure).toBe(NOT_CONFIGURED.message);
      expect(res.body.error.data.extra, procedure).toEqual({ smsError: NOT_CONFIGURED.smsError });
    }
  });

  it('reports the console provider as not configured in /api/health/ready, and stays ready', async () => {
    const ready = await app.api('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.sms).toEqual({ provider: 'console', configured: false });
  });
});
