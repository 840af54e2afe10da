#include "core/export/python_source_runtime.h"

namespace treelab {

const char* const kPythonRuntimeCode = R"PY(

# The standard normal quantile: Wichura, Algorithm AS241 (Applied Statistics 37(3), 1988), as the
# statistics module; each polynomial's eight coefficients from the highest power down, in Horner's order.
_AS241 = [
    [2.5090809287301226727e+3, 3.3430575583588128105e+4, 6.7265770927008700853e+4, 4.5921953931549871457e+4,
     1.3731693765509461125e+4, 1.9715909503065514427e+3, 1.3314166789178437745e+2, 3.3871328727963666080e+0],
    [5.2264952788528545610e+3, 2.8729085735721942674e+4, 3.9307895800092710610e+4, 2.1213794301586595867e+4,
     5.3941960214247511077e+3, 6.8718700749205790830e+2, 4.2313330701600911252e+1, 1.0],
    [7.7454501427834140764e-4, 2.2723844989269184583e-2, 2.4178072517745061177e-1, 1.2704582524523683826e+0,
     3.6478483247632045060e+0, 5.7694972214606914055e+0, 4.6303378461565452959e+0, 1.4234371107496835773e+0],
    [1.0507500716444168432e-9, 5.4759380849953449460e-4, 1.5198666563616457197e-2, 1.4810397642748007459e-1,
     6.8976733498510000455e-1, 1.6763848301838038494e+0, 2.0531916266377588219e+0, 1.0],
    [2.0103343992922881327e-7, 2.7115555687434875782e-5, 1.2426609473880784386e-3, 2.6532189526576123093e-2,
     2.9656057182850489123e-1, 1.7848265399172913358e+0, 5.4637849111641143699e+0, 6.6579046435011037772e+0],
    [2.0442631033899397856e-15, 1.4215117583164458887e-7, 1.8463183175100546818e-5, 7.8686913114561325910e-4,
     1.4875361290850614853e-2, 1.3692988092273580531e-1, 5.9983220655588793769e-1, 1.0],
]


def _polynomial(c, r):
    total = c[0]
    for k in range(1, 8):
        total = total * r + c[k]
    return total


def _normal_quantile(p):
    q = p - 0.5
    if math.fabs(q) <= 0.425:
        r = 0.180625 - q * q
        return _polynomial(_AS241[0], r) * q / _polynomial(_AS241[1], r)
    r = math.sqrt(-math.log(p if q <= 0.0 else 1.0 - p))
    if r <= 5.0:
        x = _polynomial(_AS241[2], r - 1.6) / _polynomial(_AS241[3], r - 1.6)
    else:
        x = _polynomial(_AS241[4], r - 5.0) / _polynomial(_AS241[5], r - 5.0)
    return -x if q < 0.0 else x


def _interp(x, xp, fp):
    """np.interp(x, xp, fp) with xp sorted, ties allowed."""
    n = len(xp)
    if x < xp[0]:
        return fp[0]
    if x > xp[n - 1]:
        return fp[n - 1]
    j = bisect.bisect_right(xp, x) - 1
    if j == n - 1 or xp[j] == x:
        return fp[j]
    slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j])
    result = slope * (x - xp[j]) + fp[j]
    if result != result:
        result = slope * (x - xp[j + 1]) + fp[j + 1]
        if result != result and fp[j] == fp[j + 1]:
            result = fp[j]
    return result


def _references(n):
    """np.linspace(0, 1, n)."""
    if n < 2:
        return [0.0] * n
    step = 1.0 / float(n - 1)
    return [float(i) * step for i in range(n - 1)] + [1.0]


_QUANTILE_TABLES = [(q, _references(len(q)), [-v for v in reversed(q)], [-v for v in reversed(_references(len(q)))])
                    for q in QUANTILES]


def _quantile_normal(x, j):
    """QuantileTransformer._transform_col with normal output (scikit-learn's BOUNDS_THRESHOLD 1e-7)."""
    q, r, mirrored_q, mirrored_r = _QUANTILE_TABLES[j]
    p = 0.5 * (_interp(x, q, r) - _interp(-x, mirrored_q, mirrored_r))
    if x + 1e-7 > q[-1]:
        p = 1.0
    if x - 1e-7 < q[0]:
        p = 0.0
    if p <= 0.0:
        return CLIP_MIN
    if p >= 1.0:
        return CLIP_MAX
    return min(max(_normal_quantile(p), CLIP_MIN), CLIP_MAX)


def level_code(k, value):
    """The code of a categorical cell of input k given as text (or already as a code)."""
    if not isinstance(value, str):
        return value
    levels = INPUTS[k][1]
    if value in levels:
        return levels.index(value)
    number = _number(value)
    if number is not None and _shortest_text(number) in levels:
        return levels.index(_shortest_text(number))
    return -2


def features(row):
    """The model's input pipeline: imputation, missing indicators, encodings, scaling."""
    x = []
    for k, (name, levels, impute, indicator, missing_level, encoding, unseen) in enumerate(INPUTS):
        value = row[k]
        if levels is None:
            missing = value != value
            x.append(impute if missing else value)
            if indicator:
                x.append(1.0 if missing else 0.0)
            continue
        code = level_code(k, value)
        if code != code or code == -1:
            level = missing_level
        elif 0 <= code < len(levels) and code == math.floor(code):
            level = int(code)
        else:
            level = -1
        if encoding is not None:
            x.append(unseen if level < 0 else encoding[level])
        else:
            x.extend(1.0 if level == i else 0.0 for i in range(len(levels)))
    if SCALING == "zscore":
        x = [(v - c) / s for v, c, s in zip(x, CENTER, SCALE)]
    elif SCALING == "quantile":
        x = [_quantile_normal(v, j) for j, v in enumerate(x)]
    return x


def _dot(w, x):
    total = 0.0
    for a, b in zip(w, x):
        total += a * b
    return total


_FLOAT32_OVERFLOW = float.fromhex("0x1.ffffffp127")


def _float32(v):
    """v rounded to float32 (ties to even; +-inf beyond its range), as CART's scikit-learn trees compare."""
    if v >= _FLOAT32_OVERFLOW:
        return INF
    if v <= -_FLOAT32_OVERFLOW:
        return -INF
    return struct.unpack("f", struct.pack("f", v))[0]


def route(x):
    """The node a row stops at: a leaf, or a node whose chosen child is pruned."""
    node = 0
    while LEFT[node] >= 0:
        if OBLIQUE_ROW[node] >= 0:
            v = _dot(OBLIQUE[OBLIQUE_ROW[node]], x)
        elif FLOAT32:
            v = _float32(x[FEATURE[node]])
        else:
            v = x[FEATURE[node]]
        child = LEFT[node] if v <= THRESHOLD[node] else RIGHT[node]
        if PRUNED[child]:
            break
        node = child
    return node


def _elu(u):
    return u if u > 0.0 else math.expm1(u)


def _outputs(x):
    """000 §3: s = w.x + b per split, q along each path, z = min(clip(q, 0, 1), activity); the dense
    layers read [x, z of the leaves] with ELU between them."""
    internal = PREDICTOR_INTERNAL
    s = []
    for t in range(internal):
        v = _dot(OBLIQUE[t], x) - THRESHOLD[t]
        s.append(_elu(v) if PREDICTOR_ELU else v)
    q = [1.0] + [0.0] * (2 * internal)
    for t in range(internal):
        q[2 * t + 1] = q[t] if q[t] <= -s[t] else -s[t]
        q[2 * t + 2] = q[t] if q[t] <= s[t] else s[t]
    h = list(x)
    for t in range(internal, 2 * internal + 1):
        z = min(max(q[t], 0.0), 1.0)
        h.append(z if z < ACTIVITY[t] else ACTIVITY[t])
    for i, (weights, bias) in enumerate(LAYERS):
        h = [_dot(w, h) + b for w, b in zip(weights, bias)]
        if i + 1 < len(LAYERS):
            h = [_elu(v) for v in h]
    return h


def _node_value(x):
    node = route(x)
    value = list(VALUES[node])
    if LINEAR_ROW[node] >= 0:
        value[0] = value[0] + _dot(LINEAR[LINEAR_ROW[node]], x)
    return value


def predict_proba(row):
    """The class probabilities of one raw row (classification)."""
    x = features(row)
    if not PREDICTOR:
        return list(VALUES[route(x)])
    logits = _outputs(x)
    top = max(logits)
    exps = [math.exp(v - top) for v in logits]
    total = 0.0
    for v in exps:
        total += v
    return [v / total for v in exps]


def predict(row):
    """The class name (classification) or the value (regression) of one raw row."""
    if CLASS_NAMES is None:
        x = features(row)
        return _outputs(x)[0] if PREDICTOR else _node_value(x)[0]
    proba = predict_proba(row)
    best = 0
    for k in range(1, len(proba)):
        if proba[k] > proba[best]:
            best = k
    return CLASS_NAMES[best]


def _number(text):
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if value - value == 0.0 else None


def _shortest_text(value):
    """The shortest text that reads back as value, fixed or scientific, whichever is shorter (fixed on
    ties): std::to_chars, as `treelab-cli predict` writes values."""
    if value != value:
        return "nan"
    if value - value != 0.0:
        return "inf" if value > 0 else "-inf"
    precision = 1
    while precision < 17 and float("%.*e" % (precision - 1, value)) != value:
        precision += 1
    scientific = "%.*e" % (precision - 1, value)
    decimals = precision - 1 - int(scientific[scientific.index("e") + 1:])
    fixed = "%.*f" % (max(decimals, 0), value)
    return fixed if len(fixed) <= len(scientific) else scientific


def _delimiter(header):
    counts = {d: 0 for d in ",;\t"}
    quoted = False
    for c in header:
        if c == '"':
            quoted = not quoted
        elif not quoted and c in counts:
            counts[c] += 1
    if counts[";"] > counts[","] and counts[";"] >= counts["\t"]:
        return ";"
    if counts["\t"] > counts[","] and counts["\t"] > counts[";"]:
        return "\t"
    return ","


def run(lines, out, proba=False):
    """Script mode: CSV rows with a header from `lines`, the inputs found by their header names
    (other columns ignored), one prediction per line to `out`; with proba the class probabilities
    (or the value) in full precision."""
    lines = iter(lines)
    header_line = next(lines, None)
    if header_line is None:
        raise SystemExit("the input has no header row")
    header_line = header_line.lstrip("\ufeff")
    delimiter = _delimiter(header_line)
    reader = csv.reader(itertools.chain([header_line], lines), delimiter=delimiter)
    header = next(reader)
    columns = []
    for name, *_ in INPUTS:
        if name not in header:
            raise SystemExit("the model uses the column '%s', which the input's header lacks" % name)
        columns.append(header.index(name))
    for record in reader:
        if not record or record == [""]:
            continue
        row = []
        for k, c in enumerate(columns):
            text = record[c] if c < len(record) else ""
            categorical = INPUTS[k][1] is not None
            if text in ("", "NA", "?"):
                row.append(-1 if categorical else NAN)
            elif categorical:
                row.append(level_code(k, text))
            else:
                value = _number(text)
                if value is None:
                    raise SystemExit("record %d, column '%s': '%s' is not a number" % (reader.line_num, INPUTS[k][0], text))
                row.append(value)
        if CLASS_NAMES is None:
            value = predict(row)
            out.write(("%.17g" % value if proba else _shortest_text(value)) + "\n")
        elif proba:
            out.write(",".join("%.17g" % p for p in predict_proba(row)) + "\n")
        else:
            out.write(predict(row) + "\n")


if __name__ == "__main__":
    run(sys.stdin, sys.stdout, proba="--proba" in sys.argv[1:])
)PY";

}  // namespace treelab
