#include "core/export/c_source_runtime.h"

namespace treelab {

const char* const kCQuantileNormalCode = R"C(
/* The standard normal quantile: Wichura, Algorithm AS241 (Applied Statistics 37(3), 1988), as Python's
 * statistics module; each polynomial's eight coefficients from the highest power down, in Horner's order. */
static const double treelab_as241[6][8] = {
    {2.5090809287301226727e+3, 3.3430575583588128105e+4, 6.7265770927008700853e+4, 4.5921953931549871457e+4,
     1.3731693765509461125e+4, 1.9715909503065514427e+3, 1.3314166789178437745e+2, 3.3871328727963666080e+0},
    {5.2264952788528545610e+3, 2.8729085735721942674e+4, 3.9307895800092710610e+4, 2.1213794301586595867e+4,
     5.3941960214247511077e+3, 6.8718700749205790830e+2, 4.2313330701600911252e+1, 1.0},
    {7.7454501427834140764e-4, 2.2723844989269184583e-2, 2.4178072517745061177e-1, 1.2704582524523683826e+0,
     3.6478483247632045060e+0, 5.7694972214606914055e+0, 4.6303378461565452959e+0, 1.4234371107496835773e+0},
    {1.0507500716444168432e-9, 5.4759380849953449460e-4, 1.5198666563616457197e-2, 1.4810397642748007459e-1,
     6.8976733498510000455e-1, 1.6763848301838038494e+0, 2.0531916266377588219e+0, 1.0},
    {2.0103343992922881327e-7, 2.7115555687434875782e-5, 1.2426609473880784386e-3, 2.6532189526576123093e-2,
     2.9656057182850489123e-1, 1.7848265399172913358e+0, 5.4637849111641143699e+0, 6.6579046435011037772e+0},
    {2.0442631033899397856e-15, 1.4215117583164458887e-7, 1.8463183175100546818e-5, 7.8686913114561325910e-4,
     1.4875361290850614853e-2, 1.3692988092273580531e-1, 5.9983220655588793769e-1, 1.0}};

static double treelab_polynomial(const double *c, double r) {
    double sum = c[0];
    int k;
    for (k = 1; k < 8; ++k) sum = sum * r + c[k];
    return sum;
}

static double treelab_normal_quantile(double p) {
    const double q = p - 0.5;
    double r, x;
    if (fabs(q) <= 0.425) {
        r = 0.180625 - q * q;
        return treelab_polynomial(treelab_as241[0], r) * q / treelab_polynomial(treelab_as241[1], r);
    }
    r = sqrt(-log(q <= 0.0 ? p : 1.0 - p));
    if (r <= 5.0) x = treelab_polynomial(treelab_as241[2], r - 1.6) / treelab_polynomial(treelab_as241[3], r - 1.6);
    else x = treelab_polynomial(treelab_as241[4], r - 5.0) / treelab_polynomial(treelab_as241[5], r - 5.0);
    return q < 0.0 ? -x : x;
}

/* The n reference quantiles (np.linspace(0, 1, n)) and the fitted quantiles q, read forwards or, for
 * the mirrored interpolation, as -q and -references reversed. */
static double treelab_xp(const double *q, int n, int mirrored, int i) { return mirrored ? -q[n - 1 - i] : q[i]; }
static double treelab_fp(int n, int mirrored, int i) {
    const int k = mirrored ? n - 1 - i : i;
    const double r = n < 2 ? 0.0 : k == n - 1 ? 1.0 : (double)k * (1.0 / (double)(n - 1));
    return mirrored ? -r : r;
}

/* np.interp(x, xp, fp) with xp sorted, ties allowed. */
static double treelab_interp(double x, const double *q, int n, int mirrored) {
    int low = 0, high = n, j;
    double slope, result;
    if (x < treelab_xp(q, n, mirrored, 0)) return treelab_fp(n, mirrored, 0);
    if (x > treelab_xp(q, n, mirrored, n - 1)) return treelab_fp(n, mirrored, n - 1);
    while (low < high) {
        const int middle = low + (high - low) / 2;
        if (treelab_xp(q, n, mirrored, middle) <= x) low = middle + 1;
        else high = middle;
    }
    j = low - 1;
    if (j == n - 1 || treelab_xp(q, n, mirrored, j) == x) return treelab_fp(n, mirrored, j);
    slope = (treelab_fp(n, mirrored, j + 1) - treelab_fp(n, mirrored, j)) /
            (treelab_xp(q, n, mirrored, j + 1) - treelab_xp(q, n, mirrored, j));
    result = slope * (x - treelab_xp(q, n, mirrored, j)) + treelab_fp(n, mirrored, j);
    if (result != result) {
        result = slope * (x - treelab_xp(q, n, mirrored, j + 1)) + treelab_fp(n, mirrored, j + 1);
        if (result != result && treelab_fp(n, mirrored, j) == treelab_fp(n, mirrored, j + 1)) result = treelab_fp(n, mirrored, j);
    }
    return result;
}

/* QuantileTransformer._transform_col, normal output: the two interpolations averaged, the bounds
 * clipped (scikit-learn's BOUNDS_THRESHOLD 1e-7). */
static double treelab_quantile_normal(double x, const double *q, int n) {
    double p = 0.5 * (treelab_interp(x, q, n, 0) - treelab_interp(-x, q, n, 1)), z;
    if (x + 1e-7 > q[n - 1]) p = 1.0;
    if (x - 1e-7 < q[0]) p = 0.0;
    if (p <= 0.0) return TREELAB_CLIP_MIN;
    if (p >= 1.0) return TREELAB_CLIP_MAX;
    z = treelab_normal_quantile(p);
    return z < TREELAB_CLIP_MIN ? TREELAB_CLIP_MIN : z > TREELAB_CLIP_MAX ? TREELAB_CLIP_MAX : z;
}
)C";

const char* const kCScriptCode = R"C(
#ifdef TREELAB_MAIN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One CSV record: its fields' texts, each ending in '\0', one after the other in `chars`. */
struct treelab_record {
    char *chars;
    size_t used, capacity;
    size_t *starts;
    int *quoted;
    int count, slots;
};

static void *treelab_grow(void *block, size_t bytes) {
    void *grown = realloc(block, bytes);
    if (!grown) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return grown;
}

static void treelab_put_char(struct treelab_record *record, char c) {
    if (record->used == record->capacity) {
        record->capacity = record->capacity ? 2 * record->capacity : 256;
        record->chars = (char *)treelab_grow(record->chars, record->capacity);
    }
    record->chars[record->used++] = c;
}

static void treelab_start_field(struct treelab_record *record) {
    if (record->count == record->slots) {
        record->slots = record->slots ? 2 * record->slots : 16;
        record->starts = (size_t *)treelab_grow(record->starts, (size_t)record->slots * sizeof *record->starts);
        record->quoted = (int *)treelab_grow(record->quoted, (size_t)record->slots * sizeof *record->quoted);
    }
    record->starts[record->count] = record->used;
    record->quoted[record->count] = 0;
    ++record->count;
}

static const char *treelab_field(const struct treelab_record *record, int k) { return record->chars + record->starts[k]; }

/* The record at data[*pos], quotes removed ("" inside quotes is one quote); 0 at the end. */
static int treelab_read_record(const char *data, size_t size, size_t *pos, char delimiter, struct treelab_record *record) {
    size_t i = *pos;
    if (i >= size) return 0;
    record->used = 0;
    record->count = 0;
    for (;;) {
        treelab_start_field(record);
        if (i < size && data[i] == '"') {
            record->quoted[record->count - 1] = 1;
            for (++i; i < size; ++i) {
                if (data[i] == '"') {
                    if (i + 1 < size && data[i + 1] == '"') {
                        treelab_put_char(record, '"');
                        ++i;
                        continue;
                    }
                    ++i;
                    break;
                }
                treelab_put_char(record, data[i]);
            }
        }
        while (i < size && data[i] != delimiter && data[i] != '\n' && data[i] != '\r') treelab_put_char(record, data[i++]);
        treelab_put_char(record, '\0');
        if (i < size && data[i] == delimiter) {
            ++i;
            continue;
        }
        if (i < size && data[i] == '\r') ++i;
        if (i < size && data[i] == '\n') ++i;
        break;
    }
    *pos = i;
    return 1;
}

/* The header's most frequent of ',', ';' and tab outside quotes; ',' on ties. */
static char treelab_delimiter(const char *data, size_t size) {
    size_t i, commas = 0, semicolons = 0, tabs = 0;
    int quoted = 0;
    for (i = 0; i < size && (quoted || (data[i] != '\n' && data[i] != '\r')); ++i) {
        if (data[i] == '"') quoted = !quoted;
        else if (!quoted && data[i] == ',') ++commas;
        else if (!quoted && data[i] == ';') ++semicolons;
        else if (!quoted && data[i] == '\t') ++tabs;
    }
    if (semicolons > commas && semicolons >= tabs) return ';';
    if (tabs > commas && tabs > semicolons) return '\t';
    return ',';
}

/* Missing as TreeLab reads it: an unquoted empty field, NA or ?. */
static int treelab_is_missing(const struct treelab_record *record, int k) {
    const char *text = treelab_field(record, k);
    if (text[0] == '\0') return !record->quoted[k];
    return strcmp(text, "NA") == 0 || strcmp(text, "?") == 0;
}

/* A whole field as a finite number (spaces around it allowed). */
static int treelab_parse_number(const char *text, double *value) {
    char *end;
    *value = strtod(text, &end);
    if (end == text) return 0;
    while (*end == ' ' || *end == '\t') ++end;
    return *end == '\0' && *value - *value == 0.0;
}

/* The shortest text that reads back as `value`, fixed or scientific, whichever is shorter (fixed
 * on ties): std::to_chars, as `treelab-cli predict` writes values. */
static void treelab_shortest_text(double value, char *out, size_t size) {
    char scientific[40], fixed[400];
    int precision, exponent, decimals;
    if (value != value) {
        snprintf(out, size, "nan");
        return;
    }
    if (value - value != 0.0) {
        snprintf(out, size, value > 0 ? "inf" : "-inf");
        return;
    }
    for (precision = 1; precision < 17; ++precision) {
        snprintf(scientific, sizeof scientific, "%.*e", precision - 1, value);
        if (strtod(scientific, NULL) == value) break;
    }
    snprintf(scientific, sizeof scientific, "%.*e", precision - 1, value);
    exponent = atoi(strchr(scientific, 'e') + 1);
    decimals = precision - 1 - exponent;
    snprintf(fixed, sizeof fixed, "%.*f", decimals > 0 ? decimals : 0, value);
    snprintf(out, size, "%s", strlen(fixed) <= strlen(scientific) ? fixed : scientific);
}

/* The code of a categorical cell: its level's, matched by text, or by the number's shortest text
 * as TreeLab matches a column it read as numbers; -2 for a level the model never saw. */
static double treelab_level_code(int input, const char *text) {
    char shortest[400];
    double number;
    int level;
    for (level = 0; level < treelab_input_level_count[input]; ++level)
        if (strcmp(treelab_input_levels[input][level], text) == 0) return (double)level;
    if (!treelab_parse_number(text, &number)) return -2.0;
    treelab_shortest_text(number, shortest, sizeof shortest);
    for (level = 0; level < treelab_input_level_count[input]; ++level)
        if (strcmp(treelab_input_levels[input][level], shortest) == 0) return (double)level;
    return -2.0;
}

/* One line: the class name or the value as `treelab-cli predict` writes its prediction column;
 * with --proba the class probabilities (or the value) in full precision. */
static void treelab_print(const double *row, int proba) {
#if TREELAB_CLASSIFICATION
    double p[TREELAB_CLASSES];
    int k;
    if (!proba) {
        printf("%s\n", treelab_class_names[treelab_predict(row)]);
        return;
    }
    treelab_predict_proba(row, p);
    for (k = 0; k < TREELAB_CLASSES; ++k) printf("%s%.17g", k ? "," : "", p[k]);
    putchar('\n');
#else
    char text[400];
    if (proba) {
        printf("%.17g\n", treelab_predict(row));
        return;
    }
    treelab_shortest_text(treelab_predict(row), text, sizeof text);
    printf("%s\n", text);
#endif
}

/* Reads CSV rows with a header on stdin, finds the model's inputs by their header names (other
 * columns are ignored) and prints one prediction per row. */
int main(int argc, char **argv) {
    struct treelab_record record;
    char *data = NULL, delimiter;
    size_t size = 0, capacity = 0, pos = 0, read, line = 1;
    int column[TREELAB_INPUTS], k, c;
    double row[TREELAB_INPUTS];
    const int proba = argc > 1 && strcmp(argv[1], "--proba") == 0;
    memset(&record, 0, sizeof record);
    for (;;) {
        if (size == capacity) {
            capacity = capacity ? 2 * capacity : 65536;
            data = (char *)treelab_grow(data, capacity);
        }
        read = fread(data + size, 1, capacity - size, stdin);
        if (read == 0) break;
        size += read;
    }
    if (size >= 3 && memcmp(data, "\357\273\277", 3) == 0) pos = 3; /* UTF-8 byte-order mark */
    delimiter = treelab_delimiter(data + pos, size - pos);
    if (!treelab_read_record(data, size, &pos, delimiter, &record)) {
        fputs("the input has no header row\n", stderr);
        return 2;
    }
    for (k = 0; k < TREELAB_INPUTS; ++k) {
        column[k] = -1;
        for (c = 0; c < record.count && column[k] < 0; ++c)
            if (strcmp(treelab_field(&record, c), treelab_input_names[k]) == 0) column[k] = c;
        if (column[k] < 0) {
            fprintf(stderr, "the model uses the column '%s', which the input's header lacks\n", treelab_input_names[k]);
            return 2;
        }
    }
    while (treelab_read_record(data, size, &pos, delimiter, &record)) {
        ++line;
        if (record.count == 1 && treelab_field(&record, 0)[0] == '\0' && !record.quoted[0]) continue;
        for (k = 0; k < TREELAB_INPUTS; ++k) {
            c = column[k];
            if (c >= record.count || treelab_is_missing(&record, c)) {
                row[k] = treelab_input_level_count[k] > 0 ? -1.0 : NAN;
            } else if (treelab_input_level_count[k] > 0) {
                row[k] = treelab_level_code(k, treelab_field(&record, c));
            } else if (!treelab_parse_number(treelab_field(&record, c), &row[k])) {
                fprintf(stderr, "record %lu, column '%s': '%s' is not a number\n", (unsigned long)line, treelab_input_names[k],
                        treelab_field(&record, c));
                return 2;
            }
        }
        treelab_print(row, proba);
    }
    free(record.chars);
    free(record.starts);
    free(record.quoted);
    free(data);
    return 0;
}
#endif
)C";

}  // namespace treelab
