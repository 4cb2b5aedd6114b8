/**
 * The SMS provider SMS_PROVIDER names, built from its validated settings (kernel/config.ts). A gateway's
 * SDK is loaded with its first message, not at start: the two SDKs add some 30 MB to every process
 * (scripts, tests, a server on the console provider) that never sends through them.
 */
import type { SmsPurpose } from '../../shared/constants.ts';
import type { Config, SmsGatewaySettings } from '../kernel/config.ts';
import { onFirstUse } from '../infrastructure/on-first-use.ts';
import { ConsoleSmsProvider, type SmsNotice, type SmsProvider } from './sms.ts';

export function createSmsProvider(config: Pick<Config, 'smsProvider' | 'smsGateway' | 'production'>): SmsProvider {
  if (config.smsProvider === 'console' || !config.smsGateway) return new ConsoleSmsProvider(false, config.production);
  return new GatewaySmsProvider(config.smsGateway);
}

/** Alibaba Cloud or Tencent Cloud (sms-gateways.ts), loaded when first asked to send. */
class GatewaySmsProvider implements SmsProvider {
  readonly name: string;
  private readonly load: () => Promise<SmsProvider>;
  constructor(settings: SmsGatewaySettings) {
    this.name = settings.provider;
    this.load = onFirstUse(async () => {
      const g = await import('./sms-gateways.ts');
      return settings.provider === 'aliyun' ? new g.AliyunSmsProvider(settings) : new g.TencentSmsProvider(settings);
    });
  }

  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    await (await this.load()).send(phone, code, purpose);
  }

  async notify(phone: string, notice: SmsNotice): Promise<void> {
    await (await this.load()).notify(phone, notice);
  }
}
