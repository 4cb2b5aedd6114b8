/**
 * A local HTTP server standing in for an SMS provider's endpoint (SMS_ENDPOINT points the SDK at
 * it): it records every request the SDK sends and answers what the test sets, so the official SDKs
 * run for real without the internet.
 */
import { createServer, type Server } from 'node:http';

export interface GatewayRequest {
  method: string;
  /** Path and query as sent (Alibaba Cloud puts the parameters in the query). */
  url: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as JSON when it is JSON (Tencent Cloud sends JSON). */
  json: any;
}

export interface GatewayReply {
  status?: number;
  body?: unknown;
  /** Close the connection without an answer (the provider unreachable mid-request). */
  drop?: boolean;
}

export interface FakeGateway {
  url: string;
  requests: GatewayRequest[];
  /** What the next requests are answered; a function sees the request. */
  reply: GatewayReply | ((req: GatewayRequest) => GatewayReply);
  close(): Promise<void>;
}

export async function startFakeGateway(initial: GatewayReply): Promise<FakeGateway> {
  const gateway = { requests: [] as GatewayRequest[], reply: initial as FakeGateway['reply'] };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: GatewayRequest = { method: req.method ?? '', url: req.url ?? '', query: new URL(req.url ?? '/', 'http://x').searchParams, headers: req.headers, body, json };
      gateway.requests.push(recorded);
      const reply = typeof gateway.reply === 'function' ? gateway.reply(recorded) : gateway.reply;
      if (reply.drop) return void req.socket.destroy();
      res.statusCode = reply.status ?? 200;
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(gateway, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** The answers each provider gives: success, and one per kind of refusal (from their error code tables). */
export const ALIYUN = {
  ok: { body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' } },
  template: { body: { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板', RequestId: 'r-template' } },
  frequency: { body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控Permits:10', RequestId: 'r-frequency' } },
  balance: { body: { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足', RequestId: 'r-balance' } },
  phone: { body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId: 'r-phone' } },
  // Signature and key problems come as HTTP errors, which the SDK throws.
  account: { status: 404, body: { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.', RequestId: 'r-account' } },
  unavailable: { status: 500, body: { Code: 'InternalError', Message: 'The request processing has failed due to some unknown error.', RequestId: 'r-500' } },
} satisfies Record<string, GatewayReply>;

/**
 * HTTP 200 answers without Alibaba Cloud's success code `OK`: not sent. The body may lack Code, hold
 * an empty one, spell it otherwise, or not be JSON.
 */
export const ALIYUN_NOT_SENT: GatewayReply[] = [
  { body: { Message: 'OK', RequestId: 'r-no-code' } },
  { body: { Code: '', Message: '', RequestId: 'r-empty-code' } },
  { body: { Code: 'Ok', Message: 'OK', RequestId: 'r-other-case' } },
  { body: {} },
  { body: 'OK' },
];

/**
 * Alibaba Cloud's frequency limits: the business limits come with HTTP 200 and an `isv.…LIMIT_CONTROL`
 * code; the API's own throttling with a `Throttling.*` code as HTTP 400 or 503, which the SDK throws
 * as its ThrottlingError (@alicloud/openapi-core: any code containing "Throttling").
 */
export const ALIYUN_TOO_FREQUENT: GatewayReply[] = [
  { body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'r-minute' } },
  { body: { Code: 'isv.DAY_LIMIT_CONTROL', Message: '触发日发送限额', RequestId: 'r-day' } },
  { status: 400, body: { Code: 'Throttling.User', Message: 'Request was denied due to user flow control.', RequestId: 'r-user' } },
  { status: 503, body: { Code: 'Throttling', Message: 'Request was denied due to request throttling.', RequestId: 'r-api' } },
  { body: { Code: 'Throttling.User', Message: 'Request was denied due to user flow control.', RequestId: 'r-user-200' } },
];

const tencentStatus = (Code: string, Message: string): GatewayReply => ({
  body: {
    Response: {
      SendStatusSet: [
        { SerialNo: Code === 'Ok' ? '5000:1045710669157053657849499619' : '', PhoneNumber: '+8613800000000', Fee: Code === 'Ok' ? 1 : 0, SessionContext: '', Code, Message, IsoCode: 'CN' },
      ],
      RequestId: `r-${Code}`,
    },
  },
});

export const TENCENT = {
  ok: tencentStatus('Ok', 'send success'),
  template: tencentStatus('FailedOperation.TemplateIncorrectOrUnapproved', 'template incorrect or unapproved'),
  frequency: tencentStatus('LimitExceeded.PhoneNumberThirtySecondLimit', 'the number of sms messages sent from a single mobile number within 30 seconds exceeds the upper limit'),
  balance: tencentStatus('FailedOperation.InsufficientBalanceInSmsPackage', 'insufficient balance in sms package'),
  phone: tencentStatus('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number'),
  // A whole-request error (the SDK throws it).
  account: { body: { Response: { Error: { Code: 'AuthFailure.SecretIdNotFound', Message: 'The SecretId is not found' }, RequestId: 'r-auth' } } },
  unavailable: { status: 502, body: 'Bad Gateway' },
} satisfies Record<string, GatewayReply>;

/** HTTP 200 answers without a send status `Ok` for the number: not sent. */
export const TENCENT_NOT_SENT: GatewayReply[] = [
  { body: { Response: { SendStatusSet: [], RequestId: 'r-empty-set' } } },
  { body: { Response: { RequestId: 'r-no-set' } } },
  { body: { Response: { SendStatusSet: [{ SerialNo: '', PhoneNumber: '+8613800000000', Fee: 0, SessionContext: '', Code: '', Message: '', IsoCode: 'CN' }], RequestId: 'r-empty-code' } } },
  {
    body: { Response: { SendStatusSet: [{ SerialNo: '', PhoneNumber: '+8613800000000', Fee: 0, SessionContext: '', Code: 'OK', Message: 'send success', IsoCode: 'CN' }], RequestId: 'r-other-case' } },
  },
];

/** Tencent Cloud's frequency limits: per number (`LimitExceeded.…`) or for the whole request. */
export const TENCENT_TOO_FREQUENT: GatewayReply[] = [
  tencentStatus('LimitExceeded.PhoneNumberDailyLimit', 'the number of sms messages sent from a single mobile number every day exceeds the upper limit'),
  tencentStatus('LimitExceeded.PhoneNumberOneHourLimit', 'the number of sms messages sent from a single mobile number within 1 hour exceeds the upper limit'),
  { body: { Response: { Error: { Code: 'RequestLimitExceeded', Message: 'Your current request has exceeded the frequency limit' }, RequestId: 'r-request-limit' } } },
];
