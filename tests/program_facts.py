# Compares the facts tools/programgen drew (line 1 of its output) with `stencilc info --json`:
# dims, stages, fields (name:levels:coef), the radius of every stage and the scalars read. Prints what differs.
import json, sys, re
src, js = sys.argv[1], sys.argv[2]
m = re.match(r"/\* facts: dims=(\d) stages=(\d) fields=(\S+) radius=(\S+) scalars=(\S+) \*/", open(src).readline())
dims, stages, fields, radius = int(m[1]), int(m[2]), m[3].split(","), [[int(x) for x in r.split(",")] for r in m[4].split(";")]
scalars = [] if m[5] == "-" else m[5].split(",")
j = json.load(open(js))
gf = sorted(f"{f['name']}:{f['levels']}:{int(f['coef'])}" for f in j["fields"])
gr = [s["radius"] for s in j["stages"]]
bad = []
if j["dims"] != dims: bad.append(f"dims {j['dims']} != {dims}")
if len(j["stages"]) != stages: bad.append(f"stages {len(j['stages'])} != {stages}")
if gf != sorted(fields): bad.append(f"fields {gf} != {sorted(fields)}")
if gr != radius: bad.append(f"radius {gr} != {radius}")
if sorted(j["scalars"]) != sorted(scalars): bad.append(f"scalars {j['scalars']} != {scalars}")
if bad: print("; ".join(bad))
sys.exit(1 if bad else 0)
