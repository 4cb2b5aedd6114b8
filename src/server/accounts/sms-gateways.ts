/**
 * The two SMS gateways Chinese teams use, each through its official SDK: Alibaba Cloud SMS
 * (`@alicloud/dysmsapi20170525`, action SendSms of 2017-05-25) and Tencent Cloud SMS
 * (`tencentcloud-sdk-nodejs-sms`, SendSms of 2021-01-11). A send resolves only when the provider
 * accepted the message; anything else becomes an SmsDeliveryError of one kind (sms.ts says what a
 * person is told for each). Both send one code per message, in the template's one variable.
 */
import dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import type { SmsPurpose } from '../../shared/constants.ts';
import type { SmsGatewaySettings } from '../kernel/config.ts';
import { maskPhone, SmsDeliveryError, type SmsFailureKind, type SmsNotice, type SmsProvider } from './sms.ts';

/**
 * The Alibaba Cloud client class. The package is CommonJS marked `__esModule`: Node's loader hands
 * over the whole `module.exports` as the default import, and the class is its `default`.
 */
const Dysmsapi = (dysmsapi as unknown as { default?: typeof dysmsapi }).default ?? dysmsapi;
type Dysmsapi = InstanceType<typeof Dysmsapi>;

/** How long one send may take: a person is waiting on the page. */
const CONNECT_TIMEOUT_MS = 5_000;
const READ_TIMEOUT_MS = 10_000;

/** `host[:port]` and the protocol of an endpoint override (`http://127.0.0.1:9000`, `dysmsapi.aliyuncs.com`). */
function splitEndpoint(endpoint: string): { host: string; protocol: 'http' | 'https' } {
  const url = new URL(/^[a-z]+:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`);
  return { host: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

/** Codes of network failures (no answer at all): the provider is unreachable, not refusing. */
function networkCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

function templateFor(settings: SmsGatewaySettings, purpose: SmsPurpose): string {
  return settings.templates[purpose];
}

// ------------------------------------------------------------------ Alibaba Cloud

/**
 * Alibaba Cloud's answer codes (SendSms "错误码"): the body's Code is `OK` on success; business
 * refusals come with HTTP 200 and an `isv.` code, signature and key problems as HTTP 4xx.
 */
export function aliyunFailureKind(code: string): SmsFailureKind {
  if (/LIMIT_CONTROL|^Throttling/.test(code)) return 'frequency';
  if (/AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE/.test(code)) return 'balance';
  if (/MOBILE_NUMBER|PHONE_NUMBER|MOBILE_COUNT|MOBILE_LIMIT/.test(code)) return 'phone';
  if (/TEMPLATE|SIGN|PARAM|JSON|BLACK_KEY|EXTEND_CODE/.test(code)) return 'template';
  if (/ACCOUNT|PERMISSION|RAM|PRODUCT_UN|DENY_IP|InvalidAccessKey|Signature|Forbidden|InvalidTimeStamp|IncompleteSignature/.test(code)) return 'account';
  return 'unavailable';
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly client: Dysmsapi;
  constructor(private readonly settings: SmsGatewaySettings) {
    const endpoint = settings.endpoint ? splitEndpoint(settings.endpoint) : { host: 'dysmsapi.aliyuncs.com', protocol: 'https' as const };
    // The client reads these fields off its config: a plain object serves, and spares importing
    // @alicloud/openapi-core (the SDK's own dependency, not one of ours) for its Config class.
    const config = {
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      regionId: settings.region,
      endpoint: endpoint.host,
      protocol: endpoint.protocol,
      connectTimeout: CONNECT_TIMEOUT_MS,
      readTimeout: READ_TIMEOUT_MS,
    } as ConstructorParameters<typeof Dysmsapi>[0];
    this.client = new Dysmsapi(config);
  }

  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    await this.sendTemplate(phone, templateFor(this.settings, purpose), { code });
  }

  async notify(phone: string, notice: SmsNotice): Promise<void> {
    // Without its template the notice is not sent (the setting is optional).
    if (!this.settings.templates.phone_changed) return;
    await this.sendTemplate(phone, this.settings.templates.phone_changed, { phone: maskPhone(notice.newPhone) });
  }

  private async sendTemplate(phone: string, templateCode: string, params: Record<string, string>): Promise<void> {
    let body: { code?: string; message?: string; requestId?: string } | undefined;
    try {
      const answer = await this.client.sendSms(new SendSmsRequest({ phoneNumbers: phone, signName: this.settings.signName, templateCode, templateParam: JSON.stringify(params) }));
      body = answer.body;
    } catch (err) {
      // An HTTP 4xx/5xx answer (ClientError, ThrottlingError, ServerError) carries the provider's code.
      // A network error's text quotes the whole request URL, code included: only its errno is kept.
      const e = err as { code?: string; requestId?: string; statusCode?: number; data?: { Message?: string } };
      const net = networkCode(err);
      if (net || !e?.code) throw new SmsDeliveryError('unavailable', { providerCode: net ?? (err as Error)?.name ?? 'Error' });
      throw new SmsDeliveryError(aliyunFailureKind(e.code), { providerCode: e.code, providerMessage: e.data?.Message, requestId: e.requestId });
    }
    if (body?.code === 'OK') return;
    const providerCode = body?.code ?? 'NoCode';
    throw new SmsDeliveryError(aliyunFailureKind(providerCode), { providerCode, providerMessage: body?.message, requestId: body?.requestId });
  }
}

// ------------------------------------------------------------------ Tencent Cloud

/**
 * Tencent Cloud's codes: per number in SendStatusSet (`Ok` on success), or for the whole request in
 * Response.Error (the SDK throws those).
 */
export function tencentFailureKind(code: string): SmsFailureKind {
  if (/InsufficientBalance|Arrear/i.test(code)) return 'balance';
  if (/^LimitExceeded\.|^RequestLimitExceeded/.test(code)) return 'frequency';
  if (/PhoneNumber|UnsupportedRegion|InternationalPhone/.test(code)) return 'phone';
  if (/Template|Signature(?!Failure)|SignName|SensitiveWord|ProhibitedUseUrl/.test(code)) return 'template';
  if (/^AuthFailure\.|^UnauthorizedOperation\.|SdkAppId|AppidAndBizId/.test(code)) return 'account';
  return 'unavailable';
}

type TencentClient = InstanceType<typeof tencentcloud.sms.v20210111.Client>;

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private readonly client: TencentClient;
  constructor(private readonly settings: SmsGatewaySettings) {
    const endpoint = settings.endpoint ? splitEndpoint(settings.endpoint) : { host: 'sms.tencentcloudapi.com', protocol: 'https' as const };
    this.client = new tencentcloud.sms.v20210111.Client({
      credential: { secretId: settings.accessKeyId, secretKey: settings.accessKeySecret },
      region: settings.region,
      profile: { httpProfile: { endpoint: endpoint.host, protocol: `${endpoint.protocol}://`, reqTimeout: Math.ceil((CONNECT_TIMEOUT_MS + READ_TIMEOUT_MS) / 1000) } },
    });
  }

  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    await this.sendTemplate(phone, templateFor(this.settings, purpose), [code]);
  }

  async notify(phone: string, notice: SmsNotice): Promise<void> {
    if (!this.settings.templates.phone_changed) return;
    await this.sendTemplate(phone, this.settings.templates.phone_changed, [maskPhone(notice.newPhone)]);
  }

  private async sendTemplate(phone: string, templateId: string, params: string[]): Promise<void> {
    let answer: Awaited<ReturnType<TencentClient['SendSms']>>;
    try {
      answer = await this.client.SendSms({
        // Mainland numbers in E.164, as the API wants them.
        PhoneNumberSet: [phone.startsWith('+') ? phone : `+86${phone}`],
        SmsSdkAppId: this.settings.appId,
        SignName: this.settings.signName,
        TemplateId: templateId,
        TemplateParamSet: params,
      });
    } catch (err) {
      // TencentCloudSDKHttpException: `code` for an answer's Response.Error; none for network or HTTP failures.
      const e = err as { code?: string; requestId?: string; httpCode?: number };
      if (!e?.code) throw new SmsDeliveryError('unavailable', { providerCode: e?.httpCode ? `HTTP ${e.httpCode}` : 'NetworkError', requestId: e?.requestId || undefined });
      throw new SmsDeliveryError(tencentFailureKind(e.code), { providerCode: e.code, providerMessage: (err as Error).message, requestId: e.requestId || undefined });
    }
    const status = answer.SendStatusSet?.[0];
    if (status?.Code === 'Ok') return;
    const providerCode = status?.Code ?? 'NoSendStatus';
    throw new SmsDeliveryError(tencentFailureKind(providerCode), { providerCode, providerMessage: status?.Message, requestId: answer.RequestId });
  }
}
