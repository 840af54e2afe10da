// Text columns as spreadsheets write them: dates, numbers with thousands separators and
// percentages read as numbers; identifier-like and many-level text left out with the reason;
// --encode taking one in; the one-hot budget; the reading kept in the model file.
#include <chrono>
#include <cstdio>
#include <sstream>

#include <gtest/gtest.h>

#include "core/data/cell_reading.h"
#include "core/data/column_plan.h"
#include "core/data/csv_reader.h"
#include "core/data/feature_pipeline.h"
#include "core/error.h"
#include "core/export/c_source_export.h"
#include "core/export/dot_export.h"
#include "core/export/python_source_export.h"
#include "core/model/model_file.h"
#include "core/run/prepared_data.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Table inline_table(const std::string& text) {
    std::istringstream input(text);
    return parse_csv(input, "inline.csv");
}

double read(const std::string& text, const CellReading& reading) {
    const auto value = read_cell(text, reading);
    EXPECT_TRUE(value.has_value()) << text;
    return value.value_or(-1e300);
}

CellReading detected(const std::vector<std::string>& texts, char decimal = '.', CellReadingOptions options = {}) {
    return detect_reading(texts, decimal, options);
}

// The oracle of day counts: the standard library's calendar.
double days(int year, unsigned month, unsigned day) {
    using namespace std::chrono;
    return static_cast<double>(sys_days(std::chrono::year(year) / std::chrono::month(month) / std::chrono::day(day)).time_since_epoch().count());
}

std::string thousands(long value) {
    std::string digits = std::to_string(value), text;
    for (std::size_t k = 0; k < digits.size(); ++k) {
        if (k > 0 && (digits.size() - k) % 3 == 0) text += ',';
        text += digits[k];
    }
    return text;
}

// A spreadsheet's table: ISO dates over two and a half years, amounts written "51,494",
// percentages "98%"; y is "yes" when the amount is above 80,000 and the rate above 40%.
std::string spreadsheet_csv(int rows, int first = 0) {
    std::string csv = "date,amount,rate,y\n";
    for (int i = first; i < first + rows; ++i) {
        using namespace std::chrono;
        const year_month_day date{sys_days(2019y / January / 1) + std::chrono::days(i * 37 % 900)};
        const long amount = (i * 7919L) % 200000 + 100;
        const int rate = i * 13 % 101;
        char line[128];
        std::snprintf(line, sizeof line, "%04d-%02u-%02u,\"%s\",%d%%,%s\n", static_cast<int>(date.year()),
                      static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()), thousands(amount).c_str(), rate,
                      amount > 80000 && rate > 40 ? "yes" : "no");
        csv += line;
    }
    return csv;
}

TEST(CellReading, ReadsIsoDatesAndDateTimesAsDaysSince1970) {
    const CellReading date = detected({"2020-01-01"});
    ASSERT_EQ(date.kind, CellReading::Kind::Date);
    EXPECT_EQ(read("2020-01-01", date), days(2020, 1, 1));
    EXPECT_EQ(read("2020-01-01 12:00", date), days(2020, 1, 1) + 0.5);
    EXPECT_EQ(read("2020-01-01T06:00:00", date), days(2020, 1, 1) + 0.25);
    EXPECT_EQ(read("1969-12-31", date), -1.0);
    EXPECT_EQ(read("2024-02-29", date), days(2024, 2, 29));
    EXPECT_FALSE(read_cell("2023-02-29", date));
    EXPECT_FALSE(read_cell("2020-01-01 25:00", date));
    EXPECT_EQ(detected({"2020-01-01", "soon"}).kind, CellReading::Kind::Plain);
}

// The finest time of day a date column holds, recorded so thresholds on it can show the last value
// that goes left (feature_value_text.h); midnight is a whole day.
TEST(CellReading, RecordsTheFinestTimeOfDayADateColumnHolds) {
    EXPECT_EQ(detected({"2020-01-01", "2020-01-02 00:00"}).times, TimeOfDay::None);
    EXPECT_EQ(detected({"2020-01-01", "2020-01-02 13:45"}).times, TimeOfDay::Minutes);
    EXPECT_EQ(detected({"2020-01-01 13:45:00", "2020-01-02 23:59"}).times, TimeOfDay::Minutes);
    EXPECT_EQ(detected({"2020-01-01 13:45:07", "2020-01-02"}).times, TimeOfDay::Seconds);
    EXPECT_EQ(detected({"31/12/2020 13:45:07", "01/01/2021 08:00"}).times, TimeOfDay::Seconds);
    EXPECT_EQ(detected({"2020-01-01T13:45:07.25", "2020-01-02 13:45:07"}).times, TimeOfDay::Fractions);
}

// Slashed dates: the order a day above 12 shows; ambiguous ones stay text unless --dates says.
TEST(CellReading, ReadsSlashedDatesOnlyInAnOrderTheDataOrTheUserShows) {
    const CellReading day_first = detected({"31/12/2020", "01/02/2020"});
    ASSERT_EQ(day_first.kind, CellReading::Kind::Date);
    EXPECT_EQ(day_first.order, DateOrder::DayMonthYear);
    EXPECT_EQ(read("01/02/2020", day_first), days(2020, 2, 1));
    const CellReading month_first = detected({"12/31/2020", "01/02/2020"});
    EXPECT_EQ(month_first.order, DateOrder::MonthDayYear);
    EXPECT_EQ(read("01/02/2020", month_first), days(2020, 1, 2));
    EXPECT_EQ(detected({"01/02/2020", "03/04/2020"}).kind, CellReading::Kind::Plain);
    CellReadingOptions options;
    options.dates = CellReadingOptions::Dates::MonthFirst;
    EXPECT_EQ(read("01/02/2020", detected({"01/02/2020", "03/04/2020"}, '.', options)), days(2020, 1, 2));
    options.dates = CellReadingOptions::Dates::None;
    EXPECT_EQ(detected({"2020-01-01"}, '.', options).kind, CellReading::Kind::Plain);
}

TEST(CellReading, ReadsThousandsSeparatorsAndPercentages) {
    const CellReading comma = detected({"51,494", "1,234.5", "12"});
    ASSERT_EQ(comma.kind, CellReading::Kind::Number);
    EXPECT_EQ(comma.grouping, ',');
    EXPECT_EQ(read("51,494", comma), 51494.0);
    EXPECT_EQ(read("1,234.5", comma), 1234.5);
    EXPECT_EQ(read("-1,000,000", comma), -1e6);
    EXPECT_FALSE(read_cell("12,34", comma));  // not groups of three: not this reading
    const CellReading decimal_comma = detected({"1.234,5", "12,25"});
    EXPECT_EQ(decimal_comma.grouping, '.');
    EXPECT_EQ(read("1.234,5", decimal_comma), 1234.5);
    EXPECT_EQ(read("1 234", detected({"1 234", "5"})), 1234.0);
    EXPECT_EQ(read("1'234.5", detected({"1'234.5"})), 1234.5);
    EXPECT_EQ(detected({"12,34", "5"}).kind, CellReading::Kind::Plain);
    CellReadingOptions none;
    none.thousands = CellReadingOptions::kNoGrouping;
    EXPECT_EQ(detected({"51,494"}, '.', none).kind, CellReading::Kind::Plain);

    const CellReading percent = detected({"98%", "12.5%", "1,200%"});
    ASSERT_TRUE(percent.percent);
    EXPECT_DOUBLE_EQ(read("98%", percent), 0.98);
    EXPECT_DOUBLE_EQ(read("12.5%", percent), 0.125);
    EXPECT_DOUBLE_EQ(read("1,200%", percent), 12.0);
    EXPECT_TRUE(detected({"98%", "7 %"}).percent);
    EXPECT_EQ(detected({"98%", "7"}).kind, CellReading::Kind::Plain);
    CellReadingOptions no_percent;
    no_percent.percent = false;
    EXPECT_EQ(detected({"98%"}, '.', no_percent).kind, CellReading::Kind::Plain);
}

// The pipeline reads the spreadsheet's columns: a date gives its days and the derived year, month
// and weekday; "51,494" is 51494; "98%" is 0.98.
TEST(SpreadsheetColumns, DatesAmountsAndPercentagesBecomeNumericFeatures) {
    const Table table = inline_table(spreadsheet_csv(60));
    const FeaturePipeline pipeline = fit_pipeline(table, 3, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    EXPECT_EQ(pipeline.feature_names(),
              (std::vector<std::string>{"date", "date.year", "date.month", "date.weekday", "amount", "rate"}));
    const Table one = inline_table("date,amount,rate,y\n2021-03-15,\"51,494\",98%,no\n");
    const Eigen::MatrixXd X = pipeline.transform(one);
    EXPECT_EQ(X(0, 0), days(2021, 3, 15));
    EXPECT_EQ(X(0, 1), 2021.0);
    EXPECT_EQ(X(0, 2), 3.0);
    EXPECT_EQ(X(0, 3), 0.0);  // a Monday
    EXPECT_EQ(X(0, 4), 51494.0);
    EXPECT_DOUBLE_EQ(X(0, 5), 0.98);
    EXPECT_TRUE(pipeline.left_out.empty());
}

// Dates within one month make no year or month feature; a week makes no weekday either.
TEST(SpreadsheetColumns, DerivedDateFeaturesOnlyWhereTheDatesVary) {
    const Table table = inline_table("d,y\n2020-05-01,a\n2020-05-03,b\n2020-05-06,a\n");
    EXPECT_EQ(fit_pipeline(table, 1, {0, 1, 2}).feature_names(), (std::vector<std::string>{"d"}));
    const Table months = inline_table("d,y\n2020-05-01 10:00,a\n2020-06-03,b\n,a\n");
    const FeaturePipeline pipeline = fit_pipeline(months, 1, {0, 1, 2});
    EXPECT_EQ(pipeline.feature_names(), (std::vector<std::string>{"d", "d.month", "d.weekday", "d=NA"}));
    EXPECT_NEAR(pipeline.transform(months)(0, 0), days(2020, 5, 1) + 10.0 / 24.0, 1e-9);
}

std::string names_csv(int rows, int levels) {
    std::string csv = "name,colour,x,y\n";
    for (int i = 0; i < rows; ++i)
        csv += "Person " + std::to_string(i % levels) + "," + (i % 3 ? "red" : "blue") + "," + std::to_string(i % 7) + "," +
               (i % 2 ? "a" : "b") + "\n";
    return csv;
}

std::vector<Eigen::Index> all_rows(const Table& table) {
    std::vector<Eigen::Index> rows(table.rows);
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<Eigen::Index>(i);
    return rows;
}

TEST(SpreadsheetColumns, IdentifierLikeAndManyLevelTextIsLeftOutWithTheReason) {
    const Table ids = inline_table(names_csv(40, 40));
    const FeaturePipeline pipeline = fit_pipeline(ids, 3, all_rows(ids));
    EXPECT_EQ(pipeline.feature_names(), (std::vector<std::string>{"colour=blue", "colour=red", "x"}));
    ASSERT_EQ(pipeline.left_out.size(), 1u);
    EXPECT_EQ(pipeline.left_out[0].name, "name");
    EXPECT_EQ(pipeline.left_out[0].reason, "identifier-like: 40 distinct values in 40 cells");

    const Table many = inline_table(names_csv(300, 150));  // each name twice: not an identifier, but 150 levels
    const FeaturePipeline many_pipeline = fit_pipeline(many, 3, all_rows(many));
    ASSERT_EQ(many_pipeline.left_out.size(), 1u);
    EXPECT_EQ(many_pipeline.left_out[0].reason, "150 levels, more than 100");

    const Table few = inline_table(names_csv(19, 19));  // too few values to call a column an identifier
    EXPECT_TRUE(fit_pipeline(few, 3, all_rows(few)).left_out.empty());
}

// --encode takes a left-out column in: ordinal ranks in sorted order (unseen -1), or leave-one-out.
TEST(SpreadsheetColumns, EncodeTakesALeftOutColumnIn) {
    const Table ids = inline_table(names_csv(40, 40));
    PipelineOptions options;
    options.column_encodings["name"] = CategoricalEncoding::Ordinal;
    const FeaturePipeline pipeline = fit_pipeline(ids, 3, all_rows(ids), options);
    EXPECT_TRUE(pipeline.left_out.empty());
    EXPECT_EQ(pipeline.feature_names().front(), "name");
    const Table rows = inline_table("name,colour,x,y\nPerson 0,red,1,a\nPerson 10,red,1,a\nPerson 9,red,1,a\nNobody,red,1,a\n");
    const Eigen::MatrixXd X = pipeline.transform(rows);
    EXPECT_EQ(X(0, 0), 0.0);   // "Person 0" sorts first
    EXPECT_EQ(X(1, 0), 2.0);   // "Person 1", "Person 10", ...
    EXPECT_EQ(X(2, 0), 39.0);  // "Person 9" last
    EXPECT_EQ(X(3, 0), -1.0);  // unseen

    options.column_encodings["name"] = CategoricalEncoding::LeaveOneOut;
    Eigen::VectorXd y(40);
    for (Eigen::Index i = 0; i < 40; ++i) y(i) = static_cast<double>(i % 2);
    const FeaturePipeline loo = fit_pipeline(ids, 3, all_rows(ids), options, {}, y);
    EXPECT_EQ(loo.inputs.front().encoding, CategoricalEncoding::LeaveOneOut);
    EXPECT_EQ(loo.feature_names().front(), "name");
}

// One-hot features over the budget are refused, naming the column, its levels and the budget.
TEST(SpreadsheetColumns, OneHotOverTheBudgetIsRefused) {
    const Table ids = inline_table(names_csv(40, 40));
    PipelineOptions options;
    options.column_encodings["name"] = CategoricalEncoding::OneHot;
    EXPECT_EQ(fit_pipeline(ids, 3, all_rows(ids), options).feature_names().size(), 43u);  // within the default budget
    options.one_hot_budget_bytes = 40 * 40 * 8;  // the name's one-hot alone fits; with colour's two levels it does not
    try {
        fit_pipeline(ids, 3, all_rows(ids), options);
        FAIL() << "one-hot over the budget was accepted";
    } catch (const DataError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("column 'name' with 40 levels"), std::string::npos) << message;
        EXPECT_NE(message.find("42 features for 40 rows"), std::string::npos) << message;
        EXPECT_NE(message.find("budget"), std::string::npos) << message;
    }
}

RunConfig spreadsheet_run(const test::TempDir& dir) {
    RunConfig config;
    config.data_file = dir.write("sheet.csv", spreadsheet_csv(200));
    config.target = "y";
    config.method = "cart";
    config.params = method_params("cart", {});
    return config;
}

// The reading is kept in the model file (format version 4), which round-trips; a new file whose
// amounts have no separator (so the reader types them as numbers) and whose dates fall in one
// month predicts as the training file does for the same rows.
TEST(SpreadsheetColumns, ModelFileKeepsTheReadingAndPredictsANewFileAlike) {
    const test::TempDir dir;
    const RunOutcome outcome = run_training(spreadsheet_run(dir));
    EXPECT_LE(outcome.model.tree.stats().depth, 4);
    EXPECT_EQ(outcome.model.card.data_reading, "thousands auto, percent auto, dates auto");
    EXPECT_NE(outcome.model.card.data_columns.find("amount: number with thousands separator ','"), std::string::npos);
    save_model(outcome.model, dir.file("m.json"));
    EXPECT_NE(test::read_file(dir.file("m.json")).find("\"version\": 4"), std::string::npos);
    const ModelFile loaded = load_model(dir.file("m.json"));
    ASSERT_EQ(loaded.pipeline.inputs.size(), outcome.model.pipeline.inputs.size());
    for (std::size_t k = 0; k < loaded.pipeline.inputs.size(); ++k)
        EXPECT_EQ(loaded.pipeline.inputs[k].reading, outcome.model.pipeline.inputs[k].reading) << k;
    EXPECT_EQ(loaded.card.data_columns, outcome.model.card.data_columns);
    EXPECT_EQ(model_to_json(loaded), model_to_json(outcome.model));

    const Table training = read_csv(dir.file("sheet.csv"));
    // Rows whose amount is below 1,000, written without a separator; their dates, all in the table.
    std::string fresh = "date,amount,rate,y\n";
    std::vector<Eigen::Index> same;
    const std::string csv = spreadsheet_csv(200);
    std::istringstream lines(csv);
    std::string line;
    std::getline(lines, line);
    for (Eigen::Index row = 0; std::getline(lines, line); ++row) {
        const auto quote = line.find('"'), end = line.find('"', quote + 1);
        const std::string amount = line.substr(quote + 1, end - quote - 1);
        if (amount.find(',') != std::string::npos) continue;
        fresh += line.substr(0, quote) + amount + line.substr(end + 1) + "\n";
        same.push_back(row);
    }
    ASSERT_GE(same.size(), 1u);
    const Table new_table = inline_table(fresh);
    ASSERT_EQ(new_table.columns[1].kind, ColumnKind::Numeric);
    const Eigen::MatrixXd X_new = loaded.pipeline.transform(new_table);
    const Eigen::MatrixXd X_training = loaded.pipeline.transform(training);
    for (std::size_t i = 0; i < same.size(); ++i)
        EXPECT_EQ(X_new.row(static_cast<Eigen::Index>(i)), X_training.row(same[i]));
    EXPECT_EQ(loaded.tree.predict(X_new), loaded.tree.predict(X_training(same, Eigen::all)));

    // A cell the reading does not fit is refused with its value and the column.
    try {
        loaded.pipeline.transform(inline_table("date,amount,rate,y\n2020-01-01,12,half,no\n"));
        FAIL() << "'half' was read as a percentage";
    } catch (const DataError& error) {
        EXPECT_NE(std::string(error.what()).find("value 'half' in column 'rate'"), std::string::npos) << error.what();
    }
}

// The C and Python exports do not read dates or separators: they refuse and name the column's kind.
TEST(SpreadsheetColumns, SourceExportsRefuseReadColumnsByName) {
    const test::TempDir dir;
    const ModelFile model = run_training(spreadsheet_run(dir)).model;
    for (const auto& exporter : {c_source_export, python_source_export}) {
        try {
            exporter(model);
            FAIL() << "an export read a date column";
        } catch (const Error& error) {
            EXPECT_NE(std::string(error.what()).find("column 'date', a date"), std::string::npos) << error.what();
        }
    }
    EXPECT_NE(dot_export(model).find("amount"), std::string::npos);  // a picture of the tree needs no reading
}

}  // namespace
}  // namespace treelab
