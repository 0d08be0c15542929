import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { installedVersion, recordsExist, versionDrift, WRITTEN_FOR } from "../../scripts/vite-library-versions.ts";

// Code written against one version of a library's internals stops the build on another.

describe("the build's check of the libraries' versions", () => {
  it("passes with the versions installed, and every record it names exists", () => {
    expect(versionDrift()).toEqual([]);
    expect(recordsExist()).toBe(true);
    expect(installedVersion("react-dom")).toBe("19.3.1");
  });

  it("package.json asks for exactly the versions the build's patches were written for (a range would install another)", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { dependencies: Record<string, string> };
    for (const { packages, version } of WRITTEN_FOR) for (const name of packages) expect(pkg.dependencies[name], name).toBe(version);
  });

  it("stops on another React or React Router, naming the decision record to redo", () => {
    const drift = versionDrift((name) => (name === "react-dom" ? "19.4.0" : name === "react-router" ? "8.5.1" : installedVersion(name)));
    expect(drift).toHaveLength(3);
    expect(drift[0]).toMatch(/^react-dom 19\.4\.0 is installed, .* for 19\.3\.1: redo what docs\/decisions\/202-react-string-chunks\.md says/);
    expect(drift[1]).toMatch(/^react-dom 19\.4\.0 is installed, .* for 19\.3\.1: redo what docs\/decisions\/204-react-dom-server-alias\.md says/);
    expect(drift[2]).toMatch(/^react-router 8\.5\.1 is installed, .* for 8\.4\.0: redo what docs\/decisions\/201-deferred-scripts\.md says/);
  });
});
