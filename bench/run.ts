/**
 * `npm run bench [name]`: runs one benchmark by name, or every one in turn. Each benchmark prints
 * its own ratios against a baseline measured in the same run (docs/architecture.md#testing-principles), never absolute targets.
 */
const benches: Record<string, () => Promise<void>> = {
  api: async () => (await import('./api')).runApiBench(),
  gateway: async () => (await import('./gateway')).runGatewayBench(),
  'profile-gateway': async () => (await import('./profile-gateway')).runGatewayProfile(),
  usage: async () => (await import('./usage')).runUsageBench(),
  capacity: async () => (await import('./capacity')).runCapacityBench(),
  history: async () => (await import('./history')).runHistoryBench(),
  'gateway-owners': async () => (await import('./gateway-owners')).runGatewayOwnersBench(),
};

async function main(): Promise<void> {
  const requested = process.argv[2];
  if (requested !== undefined && !(requested in benches)) {
    console.error(`unknown bench "${requested}"; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  const names = requested === undefined ? Object.keys(benches) : [requested];
  for (const name of names) {
    console.log(`\n=== bench: ${name} ===`);
    await benches[name]?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
