import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(__dirname),
  // Services import "server-only" to keep them out of client bundles; in tests it is a no-op.
  "server-only": path.resolve(__dirname, "lib/testing/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "lib/**/*.test.tsx", "components/**/*.test.tsx", "components/**/*.test.ts", "app/**/*.unit.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["app/api/**/*.api.test.ts"],
          environment: "node",
          globalSetup: ["lib/testing/api-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Two instances behind nginx (deploy/topology.test.ts): its own PostgreSQL database, Redis and nginx.
          name: "topology",
          include: ["deploy/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
