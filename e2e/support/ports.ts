/** Fixed loopback ports for the e2e servers; away from the dev (5173), preview (4173) and demo stand-in (4599) defaults. */
export const E2E = {
  demoApp: 4317,
  demoStandin: 4590,
  upstreamApp: 4318,
  upstreamStandin: 4591,
  budgetApp: 4319,
  token: 'e2e-upstream-token-7d41c9a0f3b8e2aa-secret',
} as const;
