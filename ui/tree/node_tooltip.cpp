#include "ui/tree/node_tooltip.h"

#include <QObject>

#include "app/render/colormap.h"
#include "core/export/path_rule.h"
#include "core/export/weighted_sum_text.h"

namespace treelab {
namespace {

constexpr int kLeafTerms = 6;  // slopes of a linear leaf written out, "+ …" for the rest

QString escaped(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

QString percent(double part, double whole) {
    return whole > 0.0 ? QString::number(100.0 * part / whole, 'f', 1) + QStringLiteral(" %") : QStringLiteral("–");
}

// One table row per class: a swatch in the class colour, the name, the count and its percent.
QString class_table(const Eigen::VectorXd& counts, const std::vector<std::string>& classes) {
    const double total = counts.sum();
    QString rows;
    for (Eigen::Index c = 0; c < counts.size(); ++c) {
        const auto index = static_cast<std::size_t>(c);
        const QString name = index < classes.size() ? escaped(classes[index]) : QString::number(c);
        rows += QStringLiteral("<tr><td style='color:%1'>■</td><td>%2</td><td align=right>%3</td><td align=right>%4</td></tr>")
                    .arg(class_color(static_cast<int>(c)).name(), name, QString::number(counts(c)), percent(counts(c), total));
    }
    return QStringLiteral("<table cellspacing=0 cellpadding=3>") + rows + QStringLiteral("</table>");
}

}  // namespace

QString node_tooltip(const NodeTipInput& input, int node) {
    const TreeModel& tree = *input.tree;
    const TreeNode& n = tree.nodes.at(static_cast<std::size_t>(node));
    QString tip = QStringLiteral("<p><b>%1</b></p>").arg(escaped(path_rule(tree, node, *input.features)));

    const NodeRouting* r = input.routing ? &input.routing->nodes.at(static_cast<std::size_t>(node)) : nullptr;
    const double rows = r ? static_cast<double>(r->rows) : n.samples;
    const double all = r ? static_cast<double>(input.routing->nodes.front().rows) : tree.nodes.front().samples;
    const QString which = r ? QString::fromStdString(describe_rows(input.rowSet, static_cast<Eigen::Index>(all)))
                            : QObject::tr("the %1 training rows").arg(all);
    tip += QObject::tr("<p>%1 of %2 reach it (%3)").arg(rows).arg(which, percent(rows, all));
    if (r) tip += QObject::tr("; %1 of its depth level").arg(percent(r->share_in_level, 1.0));
    tip += QStringLiteral("</p>");

    if (tree.task == Task::Classification) {
        const Eigen::VectorXd counts = r && r->class_rows.size() > 0 ? Eigen::VectorXd(r->class_rows.cast<double>())
                                                                      : n.class_counts;
        if (counts.size() > 0 && rows > 0.0) tip += class_table(counts, *input.classes);
    } else if (n.distribution.size() > 0) {  // a linear leaf's formula, its largest slopes first
        tip += QObject::tr("<p>predicts %1</p>").arg(escaped(leaf_value_text(n, *input.features, 4, kLeafTerms, tree.weight_spread)));
    }
    if (n.pruned) tip += QObject::tr("<p><i>pruned: not part of the effective tree</i></p>");
    return tip;
}

}  // namespace treelab
