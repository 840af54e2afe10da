#include "ui/tree/tree_tab.h"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include "app/render/model_figures.h"
#include "app/render/node_search.h"
#include "core/analysis/node_rows.h"
#include "core/export/path_rule.h"
#include "core/export/split_text.h"
#include "core/export/weighted_sum_text.h"
#include "core/nn/argmax.h"
#include "ui/common/figure_view.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/fill_legend.h"
#include "ui/tree/node_inspector.h"
#include "ui/tree/row_form.h"
#include "ui/tree/tree_canvas.h"

namespace treelab {
namespace {

constexpr int kInspectorWidth = 380;

QString percent(double part, double whole) {
    return whole > 0.0 ? QString::number(100.0 * part / whole, 'f', 1) + QStringLiteral(" %") : QStringLiteral("–");
}

QString name_of(const std::vector<std::string>& names, Eigen::Index index) {
    const auto i = static_cast<std::size_t>(index);
    return i < names.size() ? QString::fromStdString(names[i]) : QString::number(index);
}

// Which split holds a table row: "training", "validation" or "test".
QString split_of(const PreparedData& data, Eigen::Index table_row) {
    const auto holds = [table_row](const RowIndices& rows) { return std::find(rows.begin(), rows.end(), table_row) != rows.end(); };
    if (holds(data.split.train)) return QObject::tr("training");
    if (holds(data.split.valid)) return QObject::tr("validation");
    return QObject::tr("test");
}

// What a tree predicts for row x, which stops at `node`: the node's class, or the tree's value for
// x (a linear leaf's depends on x).
QString prediction_at(const TreeModel& tree, int node, const Eigen::Ref<const Eigen::RowVectorXd>& x,
                      const std::vector<std::string>& classes) {
    const Eigen::VectorXd& distribution = tree.nodes[static_cast<std::size_t>(node)].distribution;
    if (distribution.size() == 0) return QStringLiteral("–");
    if (tree.task != Task::Classification) return QString::number(tree.predict(x)(0), 'g', 4);
    return name_of(classes, nn::argmax(distribution));
}

QComboBox* combo(QWidget* parent, const QString& name, const QStringList& items, const QString& tip) {
    auto* box = new QComboBox(parent);
    box->setObjectName(name);
    box->addItems(items);
    box->setToolTip(tip);
    return box;
}

}  // namespace

TreeTab::TreeTab(QWidget* parent) : QWidget(parent) {
    canvas_ = new TreeCanvas(this);
    inspector_ = new NodeInspector(this);
    inspector_->hide();
    splitter_ = new QSplitter(Qt::Horizontal, this);
    splitter_->addWidget(canvas_);
    splitter_->addWidget(inspector_);
    splitter_->setStretchFactor(0, 1);
    splitter_->setChildrenCollapsible(false);

    legend_ = new FillLegend(this);
    rowInfo_ = new QLabel(this);
    rowInfo_->setTextFormat(Qt::PlainText);
    rowInfo_->setObjectName(QStringLiteral("rowInfo"));
    auto* footer = new QHBoxLayout;
    footer->setContentsMargins(6, 0, 6, 2);
    footer->addWidget(legend_);
    footer->addStretch(1);
    footer->addWidget(rowInfo_);

    scrubber_ = new EpochScrubber(this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(buildToolbar());
    layout->addWidget(buildSearchBar());
    layout->addWidget(splitter_, 1);
    layout->addWidget(scrubber_);
    layout->addLayout(footer);

    connect(scrubber_, &EpochScrubber::snapshotChosen, canvas_, &TreeCanvas::showSnapshot);

    connect(canvas_, &TreeCanvas::nodeClicked, this, &TreeTab::inspectNode);
    connect(canvas_, &TreeCanvas::treeChanged, this, &TreeTab::refreshInspected);
    connect(canvas_, &TreeCanvas::depthLimitChanged, this, [this](int depth) {
        const QSignalBlocker blocker(depth_);
        depth_->setValue(std::max(depth, 0));  // 0 reads "all"
    });
    connect(inspector_, &NodeInspector::closeRequested, this, &TreeTab::closeInspector);
    refreshChoices();
}

QWidget* TreeTab::buildToolbar() {
    auto* bar = new QWidget(this);
    rowSet_ = combo(bar, QStringLiteral("rowSet"), {tr("training"), tr("validation"), tr("test"), tr("all")},
                    tr("The rows routed through the tree; shares and counts follow at once"));
    rowSet_->setCurrentIndex(static_cast<int>(RowSet::All));  // as 000's figures route all rows
    share_ = combo(bar, QStringLiteral("shareScale"), {tr("per depth level"), tr("of the rows")},
                   tr("Routing share of a node: of the rows at its depth level (as Zantedeschi et al., Fig. 3) or of all routed rows"));
    fill_ = combo(bar, QStringLiteral("fill"), {tr("routing share"), tr("majority class")},
                  tr("Node colour: the routing share, or the majority class with purity as strength"));
    depth_ = new QSpinBox(bar);
    depth_->setObjectName(QStringLiteral("depthLimit"));
    depth_->setRange(0, 9999);  // a CART grown without a limit can be hundreds of levels deep
    depth_->setSpecialValueText(tr("all"));
    depth_->setToolTip(tr("Show nodes down to this depth only (the model is unchanged). A large tree opens at the "
                          "deepest depth whose text is readable in the window; folded nodes show how many leaves they hide"));
    highlight_ = combo(bar, QStringLiteral("highlightClass"), {tr("none")},
                       tr("Emphasise the nodes that carry at least 10 % of this class's rows at their level"));
    row_ = new QSpinBox(bar);
    row_->setObjectName(QStringLiteral("rowPath"));
    row_->setSpecialValueText(tr("none"));
    row_->setToolTip(tr("Highlight the path of this row of the file (numbered from 1, as in the CSV)"));

    connect(rowSet_, &QComboBox::currentIndexChanged, this, [this](int index) { canvas_->setRowSet(static_cast<RowSet>(index)); });
    connect(share_, &QComboBox::currentIndexChanged, this, [this](int index) {
        canvas_->setShareScale(index == 0 ? ShareScale::PerLevel : ShareScale::OfData);
        refreshLegend();
    });
    connect(fill_, &QComboBox::currentIndexChanged, this, [this](int index) {
        canvas_->setFill(index == 0 ? NodeFill::RoutingShare : NodeFill::MajorityClass);
        refreshLegend();
    });
    connect(depth_, &QSpinBox::valueChanged, this, [this](int depth) { canvas_->setDepthLimit(depth == 0 ? -1 : depth); });
    connect(highlight_, &QComboBox::currentIndexChanged, this, [this](int index) { canvas_->setHighlightClass(index - 1); });
    connect(row_, &QSpinBox::valueChanged, this, &TreeTab::showRowPath);

    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(6, 4, 6, 0);
    const auto add = [bar, layout](const QString& label, QWidget* field) {
        auto* text = new QLabel(label, bar);
        text->setBuddy(field);
        layout->addWidget(text);
        layout->addWidget(field);
        layout->addSpacing(8);
    };
    add(tr("R&ows:"), rowSet_);
    add(tr("S&hares:"), share_);
    add(tr("F&ill:"), fill_);
    add(tr("&Depth:"), depth_);
    add(tr("Highlight &class:"), highlight_);
    add(tr("Row &path:"), row_);
    auto* typeRow = new QPushButton(tr("T&ype a row…"), bar);
    typeRow->setObjectName(QStringLiteral("typeRow"));
    typeRow->setToolTip(tr("A form with one field per column: the path of the row you type is lit on the tree as you type"));
    connect(typeRow, &QPushButton::clicked, this, &TreeTab::openRowForm);
    layout->addWidget(typeRow);
    layout->addStretch(1);
    return bar;
}

QWidget* TreeTab::buildSearchBar() {
    auto* bar = new QWidget(this);
    search_ = new QLineEdit(bar);
    search_->setObjectName(QStringLiteral("nodeSearch"));
    search_->setPlaceholderText(tr("Find nodes: a feature (Mg), a rule (RI ≤ 1.5 or RI <= 1.5), a leaf (class 2)"));
    search_->setClearButtonEnabled(true);
    search_->setToolTip(tr("Finds the nodes whose box shows this text; Enter goes to the next one, unfolding its path"));
    previousMatch_ = new QPushButton(tr("◀"), bar);
    previousMatch_->setObjectName(QStringLiteral("previousMatch"));
    previousMatch_->setToolTip(tr("Previous match"));
    nextMatch_ = new QPushButton(tr("▶"), bar);
    nextMatch_->setObjectName(QStringLiteral("nextMatch"));
    nextMatch_->setToolTip(tr("Next match (Enter)"));
    searchInfo_ = new QLabel(bar);
    searchInfo_->setObjectName(QStringLiteral("searchInfo"));
    wholeTree_ = new QPushButton(tr("Whole tree"), bar);
    wholeTree_->setObjectName(QStringLiteral("wholeTree"));
    wholeTree_->setToolTip(tr("Show every level and unfold every node, fitted to the window"));
    connect(search_, &QLineEdit::textChanged, this, &TreeTab::search);
    connect(search_, &QLineEdit::returnPressed, this, [this] { showMatch(+1); });
    connect(nextMatch_, &QPushButton::clicked, this, [this] { showMatch(+1); });
    connect(previousMatch_, &QPushButton::clicked, this, [this] { showMatch(-1); });
    connect(wholeTree_, &QPushButton::clicked, canvas_, &TreeCanvas::showWholeTree);
    // On this row, whose search field gives way, so the Tree tab fits a 1366-pixel screen.
    auto* fit = new QPushButton(tr("Fit"), bar);
    fit->setToolTip(tr("Fit the whole tree into the window"));
    auto* classPaths = new QPushButton(tr("Class paths…"), bar);
    classPaths->setObjectName(QStringLiteral("classPaths"));
    classPaths->setToolTip(tr("One small tree per class, each class's rows normalised per depth level (as Zantedeschi et al., Fig. 4)"));
    connect(classPaths, &QPushButton::clicked, this, &TreeTab::showClassPaths);
    connect(fit, &QPushButton::clicked, canvas_, &TreeCanvas::fitToWindow);

    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(6, 0, 6, 0);
    auto* label = new QLabel(tr("F&ind:"), bar);
    label->setBuddy(search_);
    layout->addWidget(label);
    layout->addWidget(search_, 1);
    layout->addWidget(previousMatch_);
    layout->addWidget(nextMatch_);
    layout->addWidget(searchInfo_);
    layout->addSpacing(16);
    layout->addWidget(wholeTree_);
    layout->addWidget(fit);
    layout->addWidget(classPaths);
    search(QString());
    return bar;
}

void TreeTab::search(const QString& text) {
    const std::shared_ptr<const TreeModel> tree = canvas_->displayedTree();
    NodeQuery query{text.toStdString()};
    query.oblique_terms = canvas_->pictureOptions().oblique_terms;
    if (const RoutingAnalysis* routing = canvas_->routing())  // the drawn rows decide which nodes are ghosts
        query.reached = [routing](int node) { return routing->nodes[static_cast<std::size_t>(node)].rows > 0; };
    matches_ = tree ? find_nodes(*tree, canvas_->featureNames(), canvas_->classNames(), query) : std::vector<int>{};
    match_ = -1;
    nextMatch_->setEnabled(!matches_.empty());
    previousMatch_->setEnabled(!matches_.empty());
    if (text.trimmed().isEmpty()) searchInfo_->clear();
    else searchInfo_->setText(matches_.empty() ? tr("no node") : tr("%n node(s)", nullptr, static_cast<int>(matches_.size())));
    if (matches_.empty()) canvas_->revealNode(-1);
    else showMatch(+1);
}

void TreeTab::showMatch(int step) {
    if (matches_.empty()) return;
    const int count = static_cast<int>(matches_.size());
    match_ = match_ < 0 ? (step > 0 ? 0 : count - 1) : ((match_ + step) % count + count) % count;
    const int node = matches_[static_cast<std::size_t>(match_)];
    canvas_->revealNode(node);
    // Matches that rows reach come first; an empty one (a ghost) says so.
    const RoutingAnalysis* routing = canvas_->routing();
    const std::shared_ptr<const TreeModel> tree = canvas_->shownTree();
    const auto index = static_cast<std::size_t>(node);
    const bool ghost = routing ? routing->nodes[index].rows == 0 : tree && tree->nodes[index].empty;
    searchInfo_->setText(tr("%1 of %2: node %3").arg(match_ + 1).arg(count).arg(node) + (ghost ? tr(", which no row reaches") : QString()));
}

void TreeTab::closeInspector() {
    inspector_->hide();
    canvas_->setInspectedNode(-1);
}

void TreeTab::showModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data) {
    inspector_->hide();  // its node belongs to the tree shown before (the canvas forgets it too)
    {
        const QSignalBlocker blocker(row_);
        row_->setValue(0);
    }
    rowInfo_->clear();
    model_ = model;
    scrubber_->showSingle(model ? tr("one tree: no epochs were recorded for it") : tr("no tree"));
    canvas_->showModel(std::move(model), std::move(data));
    refreshChoices();
    search_->clear();  // the matches were the old tree's
}

void TreeTab::showRun(std::shared_ptr<const RunOutcome> outcome) {
    if (!outcome) {
        showModel(nullptr);
        return;
    }
    showModel(std::shared_ptr<const ModelFile>(outcome, &outcome->model), outcome->data);
    scrubber_->showRun(std::move(outcome));
}

void TreeTab::showSnapshot(std::shared_ptr<const TreeModel> tree) {
    canvas_->showSnapshot(std::move(tree));
}

void TreeTab::startRun() {
    showModel(nullptr);
    scrubber_->clear();
}

void TreeTab::refreshChoices() {
    const std::vector<std::string>& classes = canvas_->classNames();
    {
        const QSignalBlocker blocker(highlight_);
        highlight_->clear();
        highlight_->addItem(tr("none"));
        for (const std::string& name : classes) highlight_->addItem(QString::fromStdString(name));
        highlight_->setEnabled(!classes.empty() && canvas_->routing());
    }
    // A fill by class means nothing for regression; a split with no rows routes nothing.
    auto* fills = qobject_cast<QStandardItemModel*>(fill_->model());
    fills->item(1)->setEnabled(!classes.empty());
    if (classes.empty()) fill_->setCurrentIndex(0);
    const std::shared_ptr<const PreparedData> data = canvas_->data();
    auto* sets = qobject_cast<QStandardItemModel*>(rowSet_->model());
    for (const RowSet set : row_sets())
        sets->item(static_cast<int>(set))->setEnabled(!data || rows_in(*data, set) > 0);
    row_->setRange(0, data ? static_cast<int>(data->table.rows) : 0);
    row_->setEnabled(data != nullptr);
    refreshLegend();
}

void TreeTab::refreshLegend() {
    if (fill_->currentIndex() == 1) {
        legend_->showClasses(canvas_->classNames());
        return;
    }
    const bool per_level = canvas_->pictureOptions().scale == ShareScale::PerLevel;
    legend_->showShares(canvas_->pictureOptions().colormap,
                        per_level ? tr("share of the rows at the node's depth level") : tr("share of all routed rows"));
}

void TreeTab::refreshInspected() {
    const std::shared_ptr<const TreeModel> tree = canvas_->shownTree();
    const int node = inspector_->inspected().node;
    if (!inspector_->isHidden() && tree && node >= 0 && static_cast<std::size_t>(node) < tree->nodes.size()) inspectNode(node);
    else closeInspector();
    if (row_->value() > 0) showRowPath(row_->value());
    if (rowForm_ && rowForm_->isVisible()) rowForm_->showModel(model_, canvas_->shownTree(), canvas_->data());
}

RowForm* TreeTab::openRowForm() {
    if (!rowForm_) {
        rowForm_ = new RowForm(this);
        connect(rowForm_, &RowForm::pathChanged, this, [this](const std::vector<int>& nodes) {
            if (!nodes.empty()) {  // the typed row's path replaces a file row's
                const QSignalBlocker blocker(row_);
                row_->setValue(0);
                rowInfo_->clear();
            }
            canvas_->setRowPath(nodes);
        });
    }
    rowForm_->showModel(model_, canvas_->shownTree(), canvas_->data());
    rowForm_->show();
    rowForm_->raise();
    return rowForm_;
}

RowForm* TreeTab::rowForm() const { return rowForm_; }

void TreeTab::inspectNode(int node) {
    const std::shared_ptr<const TreeModel> tree = canvas_->shownTree();
    if (!tree || node < 0 || static_cast<std::size_t>(node) >= tree->nodes.size()) return;
    InspectedNode inspected;
    inspected.node = node;
    const TreeModel& shown = *canvas_->displayedTree();
    inspected.rule = QString::fromStdString(path_rule(shown, node, canvas_->featureNames()));
    inspected.split = QString::fromStdString(node_rule(shown, node, canvas_->featureNames(), canvas_->classNames()));
    const TreeNode& own = shown.nodes[static_cast<std::size_t>(node)];
    if (!own.is_split() || shown.stops_at(node)) inspected.split = tr("leaf, predicts %1").arg(inspected.split);
    else if (own.is_oblique())
        inspected.split = QString::fromStdString(weighted_sum_text(own.weights, canvas_->featureNames(), 3, 3, shown.weight_spread)) + ' ' + inspected.split;
    inspected.units = canvas_->displaysDataUnits()
                          ? tr("Thresholds in the data's units; %1.").arg(QString::fromUtf8(kTieRuleText))
                          : tr("Thresholds on the learner's scaled features until the run ends; %1.").arg(QString::fromUtf8(kTieRuleText));
    if (const std::string scale = weight_scale_text(shown); !scale.empty())
        inspected.units = tr("Oblique splits: %1 of each feature, not in the data's units.").arg(QString::fromStdString(scale));
    inspected.classes = canvas_->classNames();
    inspected.data = canvas_->data();
    const RoutedRows* rows = canvas_->routedRows();
    const RoutingAnalysis* routing = canvas_->routing();
    if (rows && routing) {
        const std::vector<Eigen::Index> reaching = rows_reaching(*tree, rows->X, node);
        for (const Eigen::Index r : reaching) inspected.tableRows.push_back(rows->table_rows[static_cast<std::size_t>(r)]);
        const auto all = static_cast<double>(rows->X.rows());
        inspected.reach = tr("%1 of %2 reach it (%3)")
                              .arg(reaching.size())
                              .arg(QString::fromStdString(describe_rows(canvas_->rowSet(), rows->X.rows())),
                                   percent(double(reaching.size()), all));
        inspected.classRows = routing->nodes[static_cast<std::size_t>(node)].class_rows;
        if (rows->classes == 0) {
            inspected.values.resize(static_cast<Eigen::Index>(reaching.size()));
            for (std::size_t i = 0; i < reaching.size(); ++i) inspected.values(static_cast<Eigen::Index>(i)) = rows->y(reaching[i]);
        }
    } else {
        const TreeNode& n = tree->nodes[static_cast<std::size_t>(node)];
        inspected.reach = tr("No loaded rows fit this tree; %1 training rows reached it.").arg(n.samples);
        if (n.class_counts.size() > 0) inspected.classRows = n.class_counts.cast<int>();
    }
    const bool opening = inspector_->isHidden();
    inspector_->inspect(std::move(inspected));
    inspector_->show();
    canvas_->setInspectedNode(node);
    if (opening) splitter_->setSizes({std::max(200, splitter_->width() - kInspectorWidth), kInspectorWidth});
}

void TreeTab::showRowPath(int row) {
    const std::shared_ptr<const TreeModel> tree = canvas_->shownTree();
    const std::shared_ptr<const PreparedData> data = canvas_->data();
    rowInfo_->clear();
    if (row <= 0 || !tree || !data) {
        canvas_->setRowPath({});
        return;
    }
    const Eigen::Index table_row = row - 1;
    const std::optional<RoutedRow> routed = routed_row(*data, table_row);
    if (!routed || routed->x.size() != tree->features()) {
        canvas_->setRowPath({});
        rowInfo_->setText(tr("Row %1 is not among the rows this tree can route.").arg(row));
        return;
    }
    const std::vector<int> path = nodes_on_path(*tree, routed->x);
    canvas_->setRowPath(path);
    const QString truth = data->train.task == Task::Classification
                              ? name_of(canvas_->classNames(), static_cast<Eigen::Index>(routed->y))
                              : QString::number(routed->y, 'g', 4);
    rowInfo_->setText(tr("Row %1 (%2 split): %3 = %4 → stops at node %5, which predicts %6")
                          .arg(row)
                          .arg(split_of(*data, table_row), QString::fromStdString(data->target.column), truth)
                          .arg(path.back())
                          .arg(prediction_at(*tree, path.back(), routed->x, canvas_->classNames())));
}

FigureView* TreeTab::showClassPaths() {
    if (!model_ || canvas_->classNames().empty()) return nullptr;
    FigureView* view = FigureView::openWindow(this, tr("Class paths — %1").arg(QString::fromStdString(model_title(*model_))));
    view->showClassPaths(model_, canvas_->data());
    return view;
}

EpochScrubber* TreeTab::scrubber() const { return scrubber_; }

TreeCanvas* TreeTab::canvas() const { return canvas_; }
NodeInspector* TreeTab::inspector() const { return inspector_; }
QComboBox* TreeTab::rowSetBox() const { return rowSet_; }
QComboBox* TreeTab::highlightBox() const { return highlight_; }
QSpinBox* TreeTab::depthBox() const { return depth_; }
QSpinBox* TreeTab::rowBox() const { return row_; }
QLabel* TreeTab::rowInfo() const { return rowInfo_; }
QPushButton* TreeTab::wholeTreeButton() const { return wholeTree_; }
QLineEdit* TreeTab::searchField() const { return search_; }
QPushButton* TreeTab::nextMatchButton() const { return nextMatch_; }
QPushButton* TreeTab::previousMatchButton() const { return previousMatch_; }
QLabel* TreeTab::searchInfo() const { return searchInfo_; }
const std::vector<int>& TreeTab::searchMatches() const { return matches_; }

}  // namespace treelab
