#!/usr/bin/env python3
"""Best verified figure per suite stencil over bench/results/*.csv against AN5D's H200 tables
(../shared/BENCHMARKS.md: 21 stencils in float, 18 in double), and the geometric mean of the
ratios, as the issue 22 notes quote them. A row counts when it verified (verify or verdict PASS)
at the suite size (16384^2 in 2D, 512^3 in 3D) over 1000 steps.
usage: python3 bench/vs_an5d.py [--no-fast-math]   (from the repository root)"""
import csv, glob, math, sys

# AN5D's figures (GCells/s) as BENCHMARKS.md gives them, float then double.
AN5D = {
    'float': dict(star2d1r=1598, star2d2r=765, star2d3r=623, star2d4r=491, j2d5pt=1571,
                  box2d1r=728, box2d2r=492, box2d3r=222, box2d4r=214, j2d9pt=752,
                  **{'j2d9pt-gol': 721}, gradient2d=1059, star3d1r=471, star3d2r=257,
                  star3d3r=196, star3d4r=164, box3d1r=289, j3d27pt=288, box3d2r=90,
                  box3d3r=26, box3d4r=21),
    'double': dict(star2d1r=630, star2d2r=325, star2d3r=247, star2d4r=200, box2d1r=235,
                   box2d2r=212, j2d5pt=272, j2d9pt=248, **{'j2d9pt-gol': 90}, gradient2d=258,
                   star3d1r=217, star3d2r=117, star3d3r=93, star3d4r=80, box3d1r=118,
                   box3d2r=41, box3d3r=12, j3d27pt=79),
}
SUITE_SIZE = {2: ('16384', '16384x16384'), 3: ('512', '512x512x512')}


def passed(r):
    return 'PASS' in (r.get('verify'), r.get('verdict'))


def best_rows(no_fast_math):
    best = {}
    for f in sorted(glob.glob('bench/results/*.csv')):
        for r in csv.DictReader(open(f)):
            try:
                g = float(r['gcells_per_s'])
            except (KeyError, TypeError, ValueError):
                continue
            name = r.get('stencil', '')
            dims = 3 if '3d' in name else 2
            # AN5D's figures are the H200's: rows of other GPUs (the H100's) are no comparison.
            if 'H200' not in (r.get('gpu') or ''):
                continue
            if not passed(r) or r.get('size') not in SUITE_SIZE[dims] or r.get('steps') != '1000':
                continue
            if no_fast_math and 'fast_math' in (r.get('parameters') or ''):
                continue
            k = (name, r.get('dtype'))
            if g > best.get(k, (0,))[0]:
                best[k] = (g, r.get('strategy'), (r.get('parameters') or '').strip(), f.split('/')[-1])
    return best


def main():
    best = best_rows('--no-fast-math' in sys.argv)
    for dt, table in AN5D.items():
        logs = []
        for name, an5d in table.items():
            b = best.get((name, dt))
            if not b:
                print(f'{dt:6} {name:11} no verified row')
                continue
            logs.append(math.log(b[0] / an5d))
            print(f'{dt:6} {name:11} {b[0]:8.1f} {an5d:6} {b[0] / an5d:5.2f}  {b[1]} {b[2]}  {b[3]}')
        print(f'{dt} geometric mean {math.exp(sum(logs) / len(logs)):.3f} over {len(logs)}, '
              f'lowest {math.exp(min(logs)):.2f}\n')


main()
