// A class whose private member breaks the naming style of .clang-tidy: the check must refuse it.
class Counter {
 public:
  void add() { ++eventCount_; }

 private:
  int eventCount_ = 0;
};
