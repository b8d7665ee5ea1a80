import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/envelope';
import { codeMessage } from '../../../src/lib/http-ui';
import { messages as es } from '../../../src/locales/es/messages.po';
import { messages as zh } from '../../../src/locales/zh/messages.po';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('server codes in the user language', () => {
  it('says the fixed-meaning codes in the active language, not the server English', () => {
    i18n.loadAndActivate({ locale: 'es', messages: es });
    expect(codeMessage(Code.BadCredentials, null)).toBe('La cuenta o la contraseña no son correctas.');
    expect(codeMessage(Code.StorageFull, null)).toMatch(/almacenamiento del servidor está lleno/);
    // One's own sign-in name changed on the Staff list, without a recent sign-in: what to do.
    expect(codeMessage(Code.ReauthRequired, { reauth: true })).toMatch(/^Para cambiar tu propio nombre de acceso/);
    i18n.loadAndActivate({ locale: 'zh', messages: zh });
    expect(codeMessage(Code.TokenExpired, null)).toBe('会话已过期，请重新登录。');
  });

  it('tells how long to wait after too many attempts, from the answer’s retryAfter', () => {
    i18n.loadAndActivate({ locale: 'es', messages: es });
    expect(codeMessage(Code.TooManyRequests, { retryAfter: 130 })).toBe(
      'Demasiados intentos fallidos. Inténtalo de nuevo en aproximadamente 3 minutos.',
    );
    expect(codeMessage(Code.TooManyRequests, { retryAfter: 20 })).toBe(
      'Demasiados intentos fallidos. Inténtalo de nuevo en aproximadamente 1 minuto.',
    );
    expect(codeMessage(Code.TooManyRequests, null)).toBe('Demasiados intentos fallidos. Inténtalo de nuevo más tarde.');
  });

  it('keeps the server message for codes whose text is specific (field errors, conflicts, roles)', () => {
    for (const code of [Code.Invalid, Code.Conflict, Code.Forbidden, Code.NotFound, Code.TooLarge, Code.Internal]) {
      expect(codeMessage(code, null)).toBeUndefined();
    }
  });
});
