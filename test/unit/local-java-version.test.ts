import { describe, expect, it } from 'vitest';
import { javaMajorVersion } from '../../bin/local/dynamo-local';

describe('javaMajorVersion (java -version output)', () => {
  it.each([
    [
      'openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)',
      17,
    ],
    ['openjdk version "21" 2023-09-19', 21],
    ['openjdk version "25-ea" 2025-09-16', 25],
    ['java version "1.8.0_381"\nJava(TM) SE Runtime Environment (build 1.8.0_381-b09)', 8],
    ['openjdk version "11.0.22" 2024-01-16', 11],
    ['Picked up JAVA_TOOL_OPTIONS: -Xmx512m\nopenjdk version "17.0.2" 2022-01-18', 17],
  ])('%j → %i', (output, major) => {
    expect(javaMajorVersion(output)).toBe(major);
  });

  it('is null when there is no version', () => {
    expect(javaMajorVersion('')).toBeNull();
    expect(javaMajorVersion('command not found')).toBeNull();
  });
});
