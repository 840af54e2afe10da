#include "ui/common/value_text.h"

#include <cmath>

#include <QLocale>

#include "core/error.h"
#include "core/learners/learner.h"

namespace treelab {
namespace {

const QLocale& english() {
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

QString value_text(const ParamSpec& spec, const std::string& value) {
    if (spec.type == ParamType::Boolean) return value == "true" ? QObject::tr("on") : QObject::tr("off");
    if (spec.type == ParamType::Integer || (spec.type == ParamType::Choice && spec.accepts_number)) {
        bool whole = false;
        const long long count = QString::fromStdString(value).toLongLong(&whole);
        if (whole) return countText(count);
    }
    if (spec.type == ParamType::Choice) return QString::fromStdString(spec.choice_label(value));
    return QString::fromStdString(value);
}

}  // namespace

QString countText(long long count) { return english().toString(count); }

QString durationText(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) return QStringLiteral("—");
    if (seconds < 0.0005) return QStringLiteral("< 1 ms");
    if (seconds < 0.9995) return QStringLiteral("%1 ms").arg(std::lround(seconds * 1000.0));
    if (seconds < 59.95) return QStringLiteral("%1 s").arg(seconds, 0, 'f', seconds < 9.995 ? 2 : 1);
    const long long whole = std::llround(seconds);
    if (whole < 3600) return QStringLiteral("%1 min %2 s").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
    const long long minutes = whole / 60;
    return QStringLiteral("%1 h %2 min").arg(minutes / 60).arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

QString paramText(const ParamSpec& spec, const std::string& value) {
    return QStringLiteral("%1 %2").arg(QString::fromStdString(spec.label), value_text(spec, value));
}

QStringList changedParams(const std::string& method, const std::map<std::string, std::string>& params) {
    const LearnerInfo* learner = nullptr;
    for (const LearnerInfo& known : learners())
        if (known.name == method) learner = &known;
    QStringList changed;
    if (!learner) {
        for (const auto& [name, value] : params) changed << QString::fromStdString(name + "=" + value);
        return changed;
    }
    const std::map<std::string, std::string> defaults = baseline_texts(learner->params, learner->presets, params);
    for (const ParamSpec& spec : learner->params) {  // in the form's order
        const auto value = params.find(spec.name);
        if (value == params.end()) continue;
        if (const auto standard = defaults.find(spec.name); standard != defaults.end() && standard->second == value->second) continue;
        changed << paramText(spec, value->second);
    }
    return changed;
}

}  // namespace treelab
