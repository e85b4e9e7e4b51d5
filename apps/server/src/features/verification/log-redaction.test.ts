import { describe, expect, it } from 'vitest';
import { redactSecrets } from './log-redaction.js';

describe('redactSecrets', () => {
  it('masks every occurrence of the code and the number an SDK error quotes, and keeps the rest', () => {
    const err =
      'Error: request to https://dysmsapi.aliyuncs.com/?PhoneNumbers=13800138000&TemplateParam=%7B%22code%22%3A%22482913%22%7D failed (code 482913, to 13800138000): ECONNREFUSED';
    const out = redactSecrets(err, [
      { value: '482913', mask: '******' },
      { value: '13800138000', mask: '[target]' },
    ]);
    expect(out).toBe(
      'Error: request to https://dysmsapi.aliyuncs.com/?PhoneNumbers=[target]&TemplateParam=%7B%22code%22%3A%22******%22%7D failed (code ******, to [target]): ECONNREFUSED',
    );
  });

  it('leaves the text alone when a secret is empty', () => {
    expect(redactSecrets('ECONNRESET', [{ value: '', mask: 'x' }])).toBe('ECONNRESET');
  });
});
