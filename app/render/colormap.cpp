#include "app/render/colormap.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/error.h"

namespace treelab {
namespace {

using Steps = std::array<QRgb, 9>;
// ColorBrewer sequential, 9 classes (Brewer 2002), as matplotlib's "Reds" and "PuBu".
constexpr Steps kReds = {0xfff5f0, 0xfee0d2, 0xfcbba1, 0xfc9272, 0xfb6a4a, 0xef3b2c, 0xcb181d, 0xa50f15, 0x67000d};
constexpr Steps kPuBu = {0xfff7fb, 0xece7f2, 0xd0d1e6, 0xa6bddb, 0x74a9cf, 0x3690c0, 0x0570b0, 0x045a8d, 0x023858};
constexpr std::array<QRgb, 10> kTab10 = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                         0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};

}  // namespace

std::string to_string(Colormap map) { return map == Colormap::Reds ? "reds" : "pubu"; }

Colormap colormap_from_string(const std::string& text) {
    if (text == "reds") return Colormap::Reds;
    if (text == "pubu") return Colormap::PuBu;
    throw ParamError("unknown colour map '" + text + "'; choose reds or pubu");
}

QColor colormap_color(Colormap map, double t) {
    const Steps& steps = map == Colormap::Reds ? kReds : kPuBu;
    const double position = std::clamp(std::isnan(t) ? 0.0 : t, 0.0, 1.0) * (steps.size() - 1);
    const auto low = std::min(static_cast<std::size_t>(position), steps.size() - 2);
    const double f = position - static_cast<double>(low);
    const QColor a(steps[low]), b(steps[low + 1]);
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

QColor class_color(int class_index) {
    return QColor(kTab10[static_cast<std::size_t>(std::max(class_index, 0)) % kTab10.size()]);
}

QColor text_color_on(const QColor& fill) {
    const double luminance = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF();
    return luminance < 0.55 ? Qt::white : Qt::black;
}

}  // namespace treelab
