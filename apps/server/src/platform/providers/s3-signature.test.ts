import { describe, expect, it } from 'vitest';
import { canonicalPath, s3UriEncode, sha256Hex, signS3Request } from './s3-signature.js';

// The worked examples of AWS's "Signature Calculations for the Authorization Header" (S3 API reference).
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const at = new Date('2013-05-24T00:00:00Z');

describe('S3 Signature V4', () => {
  it('signs AWS’s GET Object example to its published signature', () => {
    const headers = signS3Request(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadSha256: sha256Hex(''),
      },
      credentials,
      at,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // fetch sets Host itself from the URL it was signed with.
    expect(headers.host).toBeUndefined();
  });

  it('signs AWS’s PUT Object example (a key with "$", a body) to its published signature', () => {
    const headers = signS3Request(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadSha256: sha256Hex('Welcome to Amazon S3.'),
      },
      credentials,
      at,
    );
    expect(headers.authorization).toMatch(
      /SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
    );
  });

  it('encodes paths once, as S3 canonicalises them', () => {
    expect(s3UriEncode("a b!'()*~")).toBe('a%20b%21%27%28%29%2A~');
    expect(canonicalPath(new URL('https://h/images/a%20b.webp'))).toBe('/images/a%20b.webp');
    expect(canonicalPath(new URL('https://h/test$file.text'))).toBe('/test%24file.text');
  });
});
