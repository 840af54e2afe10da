// quantile_normal_graph.h: QuantileNormal::operator() (core/data/quantile_normal.cpp) step for
// step, on every feature at once, in double.
//   a float32 input equal to a quantile's float32 read as that value's shortest decimal (see
//     add_quantile_normal);
//   np.interp: the index j of the last quantile <= x by a binary search over each feature's
//     quantiles (a fixed ⌈log2(n + 1)⌉ steps of Gather, LessOrEqual, Where), then the same
//     slope·(x − xp[j]) + fp[j] as numpy;
//   averaged with the interpolation of −x on the reversed, negated quantiles, and sent to 0 or 1
//     within sklearn's BOUNDS_THRESHOLD of the extreme quantiles;
//   Φ⁻¹ by Wichura's AS241 (PPND16, Applied Statistics 37(3), 1988), accurate to about 1e-16
//     relative where TreeLab uses Boost.Math's quantile, then clipped as sklearn clips.
// A data value lands on exactly TreeLab's p; between quantiles p moves by the float32 rounding of
// x (about 1e-7 relative).
#include "core/export/onnx/quantile_normal_graph.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include <boost/math/distributions/normal.hpp>

#include "core/error.h"
#include "core/export/onnx/float32_threshold.h"
#include "core/model/tree_model.h"

namespace treelab::onnx_export {
namespace {

constexpr double kBoundsThreshold = 1e-7;  // sklearn's BOUNDS_THRESHOLD (quantile_normal.cpp)

// AS241's rational approximations, coefficients in ascending powers (denominators lead with 1).
const std::vector<double> kCentralNumerator = {3.3871328727963666080e0, 1.3314166789178437745e2, 1.9715909503065514427e3,
                                               1.3731693765509461125e4, 4.5921953931549871457e4, 6.7265770927008700853e4,
                                               3.3430575583588128105e4, 2.5090809287301226727e3};
const std::vector<double> kCentralDenominator = {1.0, 4.2313330701600911252e1, 6.8718700749205790830e2, 5.3941960214247511077e3,
                                                 2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4,
                                                 5.2264952788528545610e3};
const std::vector<double> kTailNumerator = {1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0,
                                            3.64784832476320460504e0, 1.27045825245236838258e0, 2.41780725177450611770e-1,
                                            2.27238449892691845833e-2, 7.74545014278341407640e-4};
const std::vector<double> kTailDenominator = {1.0, 2.05319162663775882187e0, 1.67638483018380384940e0, 6.89767334985100004550e-1,
                                              1.48103976427480074590e-1, 1.51986665636164571966e-2, 5.47593808499534494600e-4,
                                              1.05075007164441684324e-9};
const std::vector<double> kFarNumerator = {6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0,
                                           2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
                                           2.71155556874348757815e-5, 2.01033439929228813265e-7};
const std::vector<double> kFarDenominator = {1.0, 5.99832206555887937690e-1, 1.36929880922735805310e-1, 1.48753612908506148525e-2,
                                             7.86869131145613259100e-4, 1.84631831751005468180e-5, 1.42151175831644588870e-7,
                                             2.04426310338993978564e-15};

class QuantileGraph {
public:
    QuantileGraph(GraphWriter& graph, std::int64_t features, std::int64_t n) : g_(graph), features_(features), n_(n) {}

    std::string d(double value) { return g_.doubles("c", {value}); }
    std::string i(std::int64_t value) { return g_.int64s("c", {value}); }
    std::string op(const std::string& name, const std::vector<std::string>& inputs) { return g_.op(name, inputs); }

    // np.interp(x, xp, fp) per feature, xp feature f's row of `xp` (features × n), fp shared.
    std::string interp(const std::string& x, const std::vector<double>& xp, const std::vector<double>& fp) {
        const std::string table = g_.doubles("quantiles", xp);
        const std::string references = g_.doubles("references", fp);
        std::vector<std::int64_t> offsets;
        std::vector<double> first, last;
        for (std::int64_t f = 0; f < features_; ++f) {
            offsets.push_back(f * n_);
            first.push_back(xp[static_cast<std::size_t>(f * n_)]);
            last.push_back(xp[static_cast<std::size_t>(f * n_ + n_ - 1)]);
        }
        const std::string offset = g_.int64s("offsets", offsets);
        const auto at = [&](const std::string& index) { return op("Gather", {table, op("Add", {index, offset})}); };
        const std::string j = op("Sub", {upper_bound(x, table, offset), i(1)});
        const std::string j_linear = op("Max", {op("Min", {j, i(n_ - 2)}), i(0)});
        const std::string j_next = op("Add", {j_linear, i(1)});
        const std::string xp_j = at(j_linear), fp_j = op("Gather", {references, j_linear});
        const std::string slope = op("Div", {op("Sub", {op("Gather", {references, j_next}), fp_j}), op("Sub", {at(j_next), xp_j})});
        const std::string linear = op("Add", {op("Mul", {slope, op("Sub", {x, xp_j})}), fp_j});
        const std::string j_exact = op("Max", {op("Min", {j, i(n_ - 1)}), i(0)});
        const std::string exact = op("Or", {op("Equal", {j, i(n_ - 1)}), op("Equal", {at(j_exact), x})});
        const std::string inside = op("Where", {exact, op("Gather", {references, j_exact}), linear});
        const std::string above = op("Where", {op("Greater", {x, g_.doubles("last_quantile", last)}), d(fp.back()), inside});
        return op("Where", {op("Less", {x, g_.doubles("first_quantile", first)}), d(fp.front()), above});
    }

    // Per feature, the count of `table`'s entries (features × n, each row sorted) that are <= x:
    // a binary search of a fixed ⌈log2(n + 1)⌉ steps.
    std::string upper_bound(const std::string& x, const std::string& table, const std::string& offset) {
        std::string lo = op("Where", {op("IsNaN", {x}), i(0), i(0)});
        std::string hi = op("Add", {lo, i(n_)});
        for (std::int64_t span = n_ + 1; span > 1; span = (span + 1) / 2) {
            const std::string mid = op("Div", {op("Add", {lo, hi}), i(2)});
            const std::string below =
                op("LessOrEqual", {op("Gather", {table, op("Add", {op("Min", {mid, i(n_ - 1)}), offset})}), x});
            const std::string active = op("Less", {lo, hi});
            lo = op("Where", {op("And", {active, below}), op("Add", {mid, i(1)}), lo});
            hi = op("Where", {op("And", {active, op("Not", {below})}), mid, hi});
        }
        return lo;
    }

    // x (float32 values widened to double) with every value that is some quantile's float32
    // replaced by the shortest decimal rounding to it (see add_quantile_normal).
    std::string decoded(const std::string& x, const std::vector<Eigen::VectorXd>& quantiles) {
        std::vector<double> rounded, decimals;
        std::vector<std::int64_t> offsets;
        for (std::size_t f = 0; f < quantiles.size(); ++f) {
            offsets.push_back(static_cast<std::int64_t>(f) * n_);
            for (const double q : quantiles[f]) {
                const auto y = static_cast<float>(round_to_float32(q));
                rounded.push_back(y);
                decimals.push_back(std::isfinite(y) ? shortest_decimal(y) : q);
            }
        }
        const std::string table = g_.doubles("float32_quantiles", rounded);
        const std::string offset = g_.int64s("offsets", offsets);
        const std::string k = op("Add", {op("Max", {op("Sub", {upper_bound(x, table, offset), i(1)}), i(0)}), offset});
        const std::string hit = op("Equal", {op("Gather", {table, k}), x});
        return op("Where", {hit, op("Gather", {g_.doubles("quantile_decimals", decimals), k}), x});
    }

    // c[0] + c[1]·r + ... by Horner's rule.
    std::string polynomial(const std::string& r, const std::vector<double>& c) {
        std::string sum = d(c.back());
        for (std::size_t k = c.size() - 1; k-- > 0;) sum = op("Add", {op("Mul", {sum, r}), d(c[k])});
        return sum;
    }

    std::string ratio(const std::string& r, const std::vector<double>& numerator, const std::vector<double>& denominator) {
        return op("Div", {polynomial(r, numerator), polynomial(r, denominator)});
    }

    // AS241 PPND16 of p in (0, 1).
    std::string normal_quantile(const std::string& p) {
        const std::string q = op("Sub", {p, d(0.5)});
        const std::string central = op("Mul", {q, ratio(op("Sub", {d(0.180625), op("Mul", {q, q})}), kCentralNumerator, kCentralDenominator)});
        const std::string negative = op("Less", {q, d(0.0)});
        const std::string tail_p = op("Where", {op("LessOrEqual", {q, d(0.0)}), p, op("Sub", {d(1.0), p})});
        const std::string r = op("Sqrt", {op("Neg", {op("Log", {tail_p})})});
        const std::string tail = op("Where", {op("LessOrEqual", {r, d(5.0)}), ratio(op("Sub", {r, d(1.6)}), kTailNumerator, kTailDenominator),
                                              ratio(op("Sub", {r, d(5.0)}), kFarNumerator, kFarDenominator)});
        const std::string signed_tail = op("Where", {negative, op("Neg", {tail}), tail});
        return op("Where", {op("LessOrEqual", {op("Abs", {q}), d(0.425)}), central, signed_tail});
    }

private:
    GraphWriter& g_;
    std::int64_t features_, n_;
};

}  // namespace

std::string add_quantile_normal(GraphWriter& graph, const std::vector<Eigen::VectorXd>& quantiles, const std::string& features) {
    if (quantiles.empty()) throw Error("the quantile scaling has no features");
    const Eigen::Index n = quantiles.front().size();
    for (const Eigen::VectorXd& q : quantiles)
        if (q.size() != n || n < 2)
            throw Error("ONNX export needs every feature's quantile scaling fitted on the same number (at least 2) of quantiles");
    const auto F = static_cast<std::int64_t>(quantiles.size());
    std::vector<double> xp, reversed_xp, fp(static_cast<std::size_t>(n)), reversed_fp(static_cast<std::size_t>(n));
    for (const Eigen::VectorXd& q : quantiles) {
        xp.insert(xp.end(), q.begin(), q.end());
        for (Eigen::Index k = n; k-- > 0;) reversed_xp.push_back(-q(k));
    }
    // np.linspace(0, 1, n), as quantile_normal.cpp builds it.
    const double step = 1.0 / static_cast<double>(n - 1);
    for (Eigen::Index k = 0; k < n; ++k) fp[static_cast<std::size_t>(k)] = static_cast<double>(k) * step;
    fp.back() = 1.0;
    for (Eigen::Index k = 0; k < n; ++k) reversed_fp[static_cast<std::size_t>(k)] = -fp[static_cast<std::size_t>(n - 1 - k)];

    QuantileGraph g(graph, F, n);
    // The input is float32, and the transform jumps at a run of tied quantiles (a value repeated
    // in the training rows), so a data value must meet its own quantile exactly, as in TreeLab. A
    // float32 input equal to some quantile's float32 is read as the shortest decimal rounding to
    // it, the CSV's own value (float32_threshold.h), and the quantiles stay TreeLab's doubles.
    const std::string x = g.decoded(features, quantiles);
    const std::string forward = g.interp(x, xp, fp);
    const std::string backward = g.interp(g.op("Neg", {x}), reversed_xp, reversed_fp);
    std::string p = g.op("Mul", {g.d(0.5), g.op("Sub", {forward, backward})});
    std::vector<double> first, last;
    for (const Eigen::VectorXd& q : quantiles) {
        first.push_back(q(0));
        last.push_back(q(n - 1));
    }
    p = g.op("Where", {g.op("Greater", {g.op("Add", {x, g.d(kBoundsThreshold)}), graph.doubles("last_quantile", last)}), g.d(1.0), p});
    p = g.op("Where", {g.op("Less", {g.op("Sub", {x, g.d(kBoundsThreshold)}), graph.doubles("first_quantile", first)}), g.d(0.0), p});
    constexpr double tail = kBoundsThreshold - std::numeric_limits<double>::epsilon();
    const double clip_min = boost::math::quantile(boost::math::normal(), tail);
    const double clip_max = boost::math::quantile(boost::math::normal(), 1.0 - tail);
    const std::string z = g.op("Min", {g.op("Max", {g.normal_quantile(p), g.d(clip_min)}), g.d(clip_max)});
    return g.op("Where", {g.op("LessOrEqual", {p, g.d(0.0)}), g.d(clip_min),
                          g.op("Where", {g.op("GreaterOrEqual", {p, g.d(1.0)}), g.d(clip_max), z})});
}

}  // namespace treelab::onnx_export
