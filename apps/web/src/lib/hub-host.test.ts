import { describe, expect, it } from 'vitest';
import { hubRedirectUrl, targetHubHost } from './hub-host';

describe('targetHubHost', () => {
  it('sends a UK company to the 2 variant of each recognised prefix', () => {
    expect(targetHubHost('hub.example.com', 'UK')).toBe('hub2.example.com');
    expect(targetHubHost('stg-hub.example.com', 'UK')).toBe('stg-hub2.example.com');
    expect(targetHubHost('dev-hub.example.com', 'uk')).toBe('dev-hub2.example.com');
  });

  it('sends a non-UK company on a 2 host back to the plain host', () => {
    expect(targetHubHost('hub2.example.com', 'AU')).toBe('hub.example.com');
    expect(targetHubHost('stg-hub2.example.com', 'US')).toBe('stg-hub.example.com');
    expect(targetHubHost('dev-hub2.example.com', 'NZ')).toBe('dev-hub.example.com');
  });

  it('leaves a company already on its right host alone', () => {
    expect(targetHubHost('hub2.example.com', 'UK')).toBeNull();
    expect(targetHubHost('hub.example.com', 'AU')).toBeNull();
  });

  it('never touches unrecognised hosts', () => {
    expect(targetHubHost('localhost', 'UK')).toBeNull();
    expect(targetHubHost('127.0.0.1', 'UK')).toBeNull();
    expect(targetHubHost('portal.swimschool.com', 'UK')).toBeNull();
    expect(targetHubHost('myhub.example.com', 'UK')).toBeNull();
    expect(targetHubHost('hub3.example.com', 'AU')).toBeNull();
  });
});

describe('hubRedirectUrl', () => {
  it('keeps protocol, port, path, query and hash', () => {
    const url = hubRedirectUrl({ protocol: 'https:', hostname: 'hub.example.com', port: '8443', pathname: '/hub/company', search: '?to=%2Fhub%2Fstudents', hash: '#x' }, 'UK');
    expect(url).toBe('https://hub2.example.com:8443/hub/company?to=%2Fhub%2Fstudents#x');
  });

  it('returns null on localhost', () => {
    expect(hubRedirectUrl({ protocol: 'http:', hostname: 'localhost', port: '5173', pathname: '/hub', search: '', hash: '' }, 'UK')).toBeNull();
  });
});
