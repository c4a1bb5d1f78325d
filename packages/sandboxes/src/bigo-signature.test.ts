import { describe, expect, it } from 'vitest';
import { readPublicKey, signedText, verifyBigoSignature } from './bigo-signature';

/**
 * RS256: BIGO's own demo (root commit e915fac of github.com/yothen/Bigo-Open-Api, demo/encrypy_data.py) signs
 * this text with the RSA key published there; the signature below was made from that key with OpenSSL
 * (`openssl dgst -sha256 -sign`), and the public key is the demo's. ES256: a P-256 key made for this test, the
 * signature made with Python's `cryptography` and converted to r‖s, the form pycryptodome's
 * `DSS.new(key, 'fips-186-3')` emits (BIGO's demo/es256_sign_req.py).
 */
const RSA_DEMO_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQCaGp1EvvBWMTwwhLFGQ/oCBMRI
R8PTVqUThWKS6dJvvo0Y47Nt6h+9nZYL7cmfPG2C0stJKCFT+8i0Hny73ijdQL0V
vIdEHj8/fq2MUpS0WB2ApsuY6xnuyD8mJyueCOtu6zXVg2KqMQQXB45gmTTL0OKe
SCrR2RJ5+/kXksMNcwIDAQAB
-----END PUBLIC KEY-----`;
const RSA_DEMO_BODY = '{\n  "msg":"hello"\n}';
const RSA_DEMO_SIGNATURE =
  'kFcHT4HMjBm+FM27St22A6NrU25odoFEhRE+IJzsLNGD2C9SWJ9KKTFtj/P/wxIuBjqiuelwmw8A7P7VR3ea3pD7cY05xrzi0kN2hid4byzOlgx5V3XCJLh3uhuRQIYtUV4PwAiRpHkkMYCFfwkS2m2PEMctTOZiyZM3Idd6SNI=';

const EC_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE5FJJSz345opE9FHGCL+Pb3MVSox6
AtRktdb4qZQd36QWooK861I07oVK+3ICrezb/f3p5p5bvCcJP5KGox7rmQ==
-----END PUBLIC KEY-----`;
const EC_BODY =
  '{"recharge_bigoid":"52900149","seqid":"83jyhm2784089j","value":712,"total_cost":711.9,"currency":"USD","bu_orderid":"EZ1"}';
const EC_RAW_SIGNATURE =
  'IP4FeDPB8G54vOVDrQLHC42JW+5q/oLxi/zzflyJ/ABUP3JXx/a9PYwueJQHgA5gUuy9xcRe4zoj2Dt6Wvw1pA==';
const EC_DER_SIGNATURE =
  'MEQCICD+BXgzwfBueLzlQ60CxwuNiVvuav6C8Yv8835cifwAAiBUP3JXx/a9PYwueJQHgA5gUuy9xcRe4zoj2Dt6Wvw1pA==';

describe('BIGO signatures', () => {
  it('signs body + uri + timestamp, as the access guide shows', () => {
    expect(signedText(RSA_DEMO_BODY, '/oauth2/test_sign', '1707119422').toString('utf8')).toBe(
      '{\n  "msg":"hello"\n}/oauth2/test_sign1707119422',
    );
  });

  it('accepts RS256 (PKCS#1 v1.5, SHA-256) made with BIGO demo key, and nothing changed', () => {
    const key = readPublicKey('RS256', RSA_DEMO_PUBLIC_KEY);
    const text = signedText(RSA_DEMO_BODY, '/oauth2/test_sign', '1707119422');
    expect(verifyBigoSignature('RS256', key, text, RSA_DEMO_SIGNATURE)).toBe(true);
    expect(
      verifyBigoSignature(
        'RS256',
        key,
        signedText(RSA_DEMO_BODY, '/oauth2/test_sign', '1707119423'),
        RSA_DEMO_SIGNATURE,
      ),
    ).toBe(false);
    expect(
      verifyBigoSignature(
        'RS256',
        key,
        signedText(`${RSA_DEMO_BODY} `, '/oauth2/test_sign', '1707119422'),
        RSA_DEMO_SIGNATURE,
      ),
    ).toBe(false);
  });

  it('accepts ES256 as raw r‖s (pycryptodome fips-186-3), refuses the DER form and other text', () => {
    const key = readPublicKey('ES256', EC_PUBLIC_KEY);
    const text = signedText(EC_BODY, '/sign/agent/rs_recharge', '1707119422');
    expect(verifyBigoSignature('ES256', key, text, EC_RAW_SIGNATURE)).toBe(true);
    expect(verifyBigoSignature('ES256', key, text, EC_DER_SIGNATURE)).toBe(false);
    expect(
      verifyBigoSignature(
        'ES256',
        key,
        signedText(EC_BODY, '/sandbox/bigo/sign/agent/rs_recharge', '1707119422'),
        EC_RAW_SIGNATURE,
      ),
    ).toBe(false);
    expect(verifyBigoSignature('ES256', key, text, 'not base64!')).toBe(false);
  });

  it('refuses a key that does not fit the algorithm, or is no key', () => {
    expect(() => readPublicKey('ES256', RSA_DEMO_PUBLIC_KEY)).toThrow(/does not fit ES256/);
    expect(() => readPublicKey('RS256', EC_PUBLIC_KEY)).toThrow(/does not fit RS256/);
    expect(() => readPublicKey('RS256', 'nonsense')).toThrow(/not a readable PEM/);
    expect(readPublicKey('ES256', EC_PUBLIC_KEY.replaceAll('\n', '\\n')).asymmetricKeyType).toBe('ec');
  });
});
