/** Mainland mobile number: 11 digits, first 1, second 3–9 (spec §5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Public user id, the registration number: bx + 6 digits, zero padded. */
export const USER_ID_PATTERN = /^bx\d{6}$/;
/** A basic e-mail shape; real checks happen when e-mail binding opens. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

export const isPhone = (value: string) => PHONE_PATTERN.test(value);
export const isUserId = (value: string) => USER_ID_PATTERN.test(value);
export const isEmail = (value: string) => EMAIL_PATTERN.test(value);

/** 3+4 mask: 138****5678. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/**
 * The system nickname of an account: user + the digits of its registration number (bx000042 →
 * user000042; the fallback of docs/spec/publishing-and-browsing.md §3). Not from the phone: the name is public, and the phone's
 * last four digits in it told everyone part of the member's number.
 */
export function defaultNickname(registrationNumber: string): string {
  return `user${registrationNumber.replace(/\D/g, '')}`;
}

export function formatRegistrationNumber(n: number): string {
  return `bx${String(n).padStart(6, '0')}`;
}
