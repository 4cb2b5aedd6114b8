import { describe, expect, it } from 'vitest';
import { checkPasswordChange, MSG } from '../src/shared/account-rules.ts';
import { formatRegistrationNumber, isEmail, isPhone, isUserId, maskPhone, nicknameForPhone } from '../src/shared/patterns.ts';
import { footerVisible } from '../src/client/lib/routes.ts';

describe('shared account rules', () => {
  it('accepts only mainland mobile numbers', () => {
    expect(isPhone('13812345678')).toBe(true);
    expect(isPhone('19912345678')).toBe(true);
    expect(isPhone('12812345678')).toBe(false);
    expect(isPhone('1381234567')).toBe(false);
    expect(isPhone('138123456789')).toBe(false);
  });

  it('masks 3+4, names from the last 4 digits, and pads registration numbers', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(nicknameForPhone('13812345678')).toBe('user5678');
    expect(formatRegistrationNumber(42)).toBe('bx000042');
    expect(isUserId('bx000042')).toBe(true);
    expect(isUserId('bx42')).toBe(false);
    expect(isEmail('a@b.cn')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
  });

  it('checks a password change in the spec’s order', () => {
    expect(checkPasswordChange('', 'x', 'x')).toEqual({ field: 'current', message: MSG.currentPasswordRequired });
    expect(checkPasswordChange('old', '123', '456')).toEqual({ field: 'confirm', message: MSG.passwordMismatch });
    expect(checkPasswordChange('old', '123', '123')).toEqual({ field: 'next', message: MSG.passwordTooShort });
    expect(checkPasswordChange('old', '123456', '123456')).toBeNull();
  });

  it('hides the footer only on member pages when logged in', () => {
    expect(footerVisible('/marketplace', true)).toBe(false);
    expect(footerVisible('/inspiration-library', true)).toBe(false);
    expect(footerVisible('/marketplace', false)).toBe(true);
    expect(footerVisible('/about', true)).toBe(true);
    expect(footerVisible('/idea/3', true)).toBe(true);
    expect(footerVisible('/marketplaces', true)).toBe(true);
  });
});
