#include "ui/sweep/sweep_grid_editor.h"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStackedWidget>

namespace treelab {
namespace {

enum Page { AutomaticPage, ListPage, RangePage };

Page page_of(GridKind kind) {
    switch (kind) {
    case GridKind::Automatic: return AutomaticPage;
    case GridKind::List: return ListPage;
    case GridKind::Linear:
    case GridKind::Log: return RangePage;
    }
    return ListPage;
}

QString number_text(double value) { return QString::fromStdString(to_text(ParamValue(value))); }

}  // namespace

SweepGridEditor::SweepGridEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    mode_ = new QComboBox(this);
    mode_->setObjectName("sweepGridMode");
    layout->addWidget(mode_);

    pages_ = new QStackedWidget(this);
    auto* automatic = new QLabel(tr("every effective α of each seed's pruning path"), pages_);
    list_ = new QLineEdit(pages_);
    list_->setObjectName("sweepList");
    list_->setPlaceholderText(tr("values, e.g. 0, 1e-4, 1e-3"));
    auto* range = new QWidget(pages_);
    auto* rangeLayout = new QHBoxLayout(range);
    rangeLayout->setContentsMargins(0, 0, 0, 0);
    from_ = new QLineEdit(range);
    to_ = new QLineEdit(range);
    count_ = new QSpinBox(range);
    from_->setObjectName("sweepFrom");
    to_->setObjectName("sweepTo");
    count_->setObjectName("sweepCount");
    count_->setRange(1, 1000);
    count_->setValue(5);
    rangeLayout->addWidget(new QLabel(tr("from"), range));
    rangeLayout->addWidget(from_);
    rangeLayout->addWidget(new QLabel(tr("to"), range));
    rangeLayout->addWidget(to_);
    rangeLayout->addWidget(new QLabel(tr("values"), range));
    rangeLayout->addWidget(count_);
    pages_->insertWidget(AutomaticPage, automatic);
    pages_->insertWidget(ListPage, list_);
    pages_->insertWidget(RangePage, range);
    layout->addWidget(pages_, 1);

    connect(mode_, &QComboBox::currentIndexChanged, this, [this] { pages_->setCurrentIndex(page_of(kind())); });
}

void SweepGridEditor::setParameter(const ParamSpec& spec, bool hasPath) {
    mode_->clear();
    if (hasPath) mode_->addItem(tr("automatic path"), static_cast<int>(GridKind::Automatic));
    mode_->addItem(tr("list"), static_cast<int>(GridKind::List));
    mode_->addItem(tr("linear range"), static_cast<int>(GridKind::Linear));
    mode_->addItem(tr("log range"), static_cast<int>(GridKind::Log));

    list_->setText(QString::fromStdString(to_text(spec.default_value)));
    if (spec.sweep.count > 0) {
        setRange(number_text(spec.sweep.from), number_text(spec.sweep.to), spec.sweep.count);
    } else if (spec.type == ParamType::Integer) {
        const double from = std::max(spec.min, 1.0), to = std::min(spec.max, from + 9.0);
        setRange(number_text(from), number_text(to), static_cast<int>(to - from) + 1);
    } else if (spec.log_scale) {
        // Three decades around the default when it is positive, else 1e-4 .. 0.1.
        const double base = std::get_if<double>(&spec.default_value) && std::get<double>(spec.default_value) > 0.0
                                ? std::get<double>(spec.default_value)
                                : 1e-3;
        setRange(number_text(std::max(base / 10.0, spec.min)), number_text(std::min(base * 100.0, spec.max)), 4);
    } else {
        setRange(number_text(spec.min), number_text(std::min(spec.max, spec.min + 1.0)), 5);
    }
    setKind(hasPath ? GridKind::Automatic
                    : spec.log_scale ? GridKind::Log
                    : spec.type == ParamType::Integer ? GridKind::Linear
                                                      : GridKind::List);
}

GridKind SweepGridEditor::kind() const {
    return mode_->currentIndex() < 0 ? GridKind::List : static_cast<GridKind>(mode_->currentData().toInt());
}

void SweepGridEditor::setKind(GridKind kind) {
    if (const int index = mode_->findData(static_cast<int>(kind)); index >= 0) mode_->setCurrentIndex(index);
    pages_->setCurrentIndex(page_of(this->kind()));
}

void SweepGridEditor::setList(const QString& values) { list_->setText(values); }

void SweepGridEditor::setRange(const QString& from, const QString& to, int count) {
    from_->setText(from);
    to_->setText(to);
    count_->setValue(count);
}

SweepGrid SweepGridEditor::grid(const std::string& param) const {
    const auto bare = [](const QLineEdit* edit) { return edit->text().remove(' ').toStdString(); };
    const auto range = [&](const char* prefix) {
        return std::string(prefix) + ":" + bare(from_) + ":" + bare(to_) + ":" + std::to_string(count_->value());
    };
    switch (kind()) {
    case GridKind::Automatic: return parse_grid(param, "auto");
    case GridKind::List: return parse_grid(param, bare(list_));
    case GridKind::Linear: return parse_grid(param, range("lin"));
    case GridKind::Log: return parse_grid(param, range("log"));
    }
    return parse_grid(param, bare(list_));
}

}  // namespace treelab
