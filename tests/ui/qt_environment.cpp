// The QApplication of the GUI tests: created once, offscreen (no display needed), with settings
// kept away from the user's (QStandardPaths test mode).
#include <gtest/gtest.h>

#include <QApplication>
#include <QStandardPaths>

namespace {

class QtEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName("feedscope-tests");
    QApplication::setApplicationName("feedscope-gui-tests");
    app_ = new QApplication(argc_, argv_);
  }
  void TearDown() override {
    delete app_;
    app_ = nullptr;
  }

 private:
  int argc_ = 1;
  char name_[16] = "feedscope_ui";
  char* argv_[2] = {name_, nullptr};
  QApplication* app_ = nullptr;
};

// Registered before main() runs; SetUp only happens when tests run, not when ctest lists them.
[[maybe_unused]] ::testing::Environment* const kQtEnvironment =
    ::testing::AddGlobalTestEnvironment(new QtEnvironment);

}  // namespace
