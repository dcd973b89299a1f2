import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from '../../src/islands/header/account-errors.ts';

const REGISTER = ['name', 'email', 'password'] as const;
const LOGIN = ['email', 'password'] as const;
const RESET = ['email', 'otp', 'newPassword'] as const;

describe('fieldOfMessage', () => {
  it("ties the server's register messages to their field", () => {
    expect(fieldOfMessage('Password must be at least 8 characters', REGISTER)).toBe('password');
    expect(fieldOfMessage('Name is required', REGISTER)).toBe('name');
    expect(fieldOfMessage('Invalid email', REGISTER)).toBe('email');
    expect(
      fieldOfMessage('An account with this email already exists. Please log in instead.', REGISTER),
    ).toBe('email');
  });

  it('leaves a message naming two fields, or none, to the whole form', () => {
    expect(fieldOfMessage('Invalid email or password.', LOGIN)).toBeNull();
    expect(
      fieldOfMessage('Too many login attempts. Please wait a few minutes and try again.', LOGIN),
    ).toBeNull();
    expect(fieldOfMessage('Login/Register failed.', LOGIN)).toBeNull();
  });

  it('ties reset messages to the code or the new password', () => {
    expect(
      fieldOfMessage('The code is invalid or has expired. Please request a new one.', RESET),
    ).toBe('otp');
    expect(fieldOfMessage('OTP must be 6 digits', RESET)).toBe('otp');
    expect(fieldOfMessage('Password must be at least 8 characters', RESET)).toBe('newPassword');
  });

  it('only names fields the form has', () => {
    expect(
      fieldOfMessage('The code is invalid or has expired. Please request a new one.', ['email']),
    ).toBeNull();
  });
});
