#pragma once
// The preview of a stage list (a schedule, core/params/stage_list.h): its value against epochs as a
// step curve, a stage drawn from a range as a band between its ends, a fixed one as a line.
#include <vector>

#include <QString>

#include "core/params/stage_list.h"

class QCustomPlot;
class QWidget;

namespace treelab {

QCustomPlot* make_stage_list_preview(const QString& valueLabel, QWidget* parent);
void show_stages(QCustomPlot* preview, const std::vector<ParamStage>& stages);

}  // namespace treelab
