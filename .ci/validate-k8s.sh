#!/usr/bin/env bash
# Validates deploy/k8s/ offline: every manifest the kustomization lists against the Kubernetes schemas that
# kubernetes-validate (PyPI) ships, strictly (unknown fields fail), and every manifest in the folder is listed.
# Usage: .ci/validate-k8s.sh   (KUBERNETES_VERSION=1.31 to check another cluster version)
set -euo pipefail
cd "$(dirname "$0")/.."
kubernetes_version="${KUBERNETES_VERSION:-1.30}"
validator=$(.ci/pip-tool.sh k8s-venv kubernetes-validate==1.37.0 kubernetes-validate)
python="$(dirname "$validator")/python"
# kubernetes-validate has no schema for the Kustomization itself: read its resource list (PyYAML comes with
# kubernetes-validate) and check it names exactly the manifests beside it.
listed=$("$python" - deploy/k8s <<'PY'
import pathlib, sys, yaml
folder = pathlib.Path(sys.argv[1])
listed = yaml.safe_load((folder / "kustomization.yaml").read_text())["resources"]
present = sorted(p.name for p in folder.glob("*.yaml") if p.name != "kustomization.yaml")
missing = [name for name in listed if not (folder / name).is_file()]
unlisted = [name for name in present if name not in listed]
if missing or unlisted:
    sys.exit(f"deploy/k8s/kustomization.yaml: missing files {missing}, manifests not listed {unlisted}")
for name in listed:
    print(folder / name)
PY
)
mapfile -t manifests <<<"$listed"
"$validator" --strict --quiet --kubernetes-version "$kubernetes_version" "${manifests[@]}"
echo "deploy/k8s: ${#manifests[@]} manifests valid for Kubernetes $kubernetes_version"
