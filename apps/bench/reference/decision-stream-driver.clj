;; Driver for the authors' Decision Stream reference code (github aiff22/Decision-Stream, EPL,
;; not part of this repository): loads its DecisionStream.clj from a checkout, trains through its own
;; `dStream` entry point and writes the grown graph and its predictions as JSON. Ours (dt); it only
;; calls the reference. Run by `bench stream --reference DIR` (apps/bench/src/reference-stream.ts):
;;   java -cp clojure.jar:commons-math3.jar:jblas.jar:openrefine-opencsv.jar:CLASSES clojure.main \
;;     decision-stream-driver.clj REF_DIR train.csv test.csv classification|regression ALPHA out.json
;; CSV files: a header row, numeric fields, the label in the LAST column.
(require '[clojure.string :as str])

(def args (vec *command-line-args*))
;; a separate top-level form: the code below names the reference's vars, which must exist when it compiles
(load-file (str (args 0) "/src/main/clojure/DecisionStream.clj"))

(let [[_ trainCsv testCsv mode alpha outPath] args]
  (let [readRows (fn [path]
                   (->> (str/split-lines (slurp path))
                        rest
                        (remove str/blank?)
                        (mapv (fn [line] (mapv #(Double/parseDouble %) (str/split line #","))))))
        train (readRows trainCsv)
        test (readRows testCsv)
        xs (fn [rows] (mapv (comp vec butlast) rows))
        ys (fn [rows] (mapv peek rows))
        a (Double/parseDouble alpha)
        t0 (System/nanoTime)
        ;; the reference prints its progress per round: keep it off our stdout, in the JSON
        progress (java.io.StringWriter.)
        model (binding [*out* progress
                        DecisionStream/trainX (xs train)
                        DecisionStream/trainY (ys train)
                        DecisionStream/testDt (xs test)
                        DecisionStream/testRes (ys test)
                        DecisionStream/classification (= mode "classification")
                        DecisionStream/pLevel (fn [] a)
                        DecisionStream/mgLevel (fn [] a)]
                (DecisionStream/dStream))
        wallS (/ (- (System/nanoTime) t0) 1e9)
        ;; nodes numbered breadth-first from the root, left before right, by identity (merged
        ;; nodes are one object reached through several parents' atoms)
        ids (java.util.IdentityHashMap.)
        order (java.util.ArrayList.)
        visit (fn [node] (when-not (.containsKey ids node) (.put ids node (.size order)) (.add order node)))
        _ (visit model)
        _ (loop [i 0]
            (when (< i (.size order))
              (let [node (.get order i)]
                (when-not (= (node 'type) 'leaf)
                  (visit @(node 'left))
                  (visit @(node 'right))))
              (recur (inc i))))
        num (fn [x] (if (or (Double/isNaN (double x)) (Double/isInfinite (double x))) (str "\"" x "\"") (str (double x))))
        nodeJson (fn [node]
                   (if (= (node 'type) 'leaf)
                     (str "{\"leaf\":[" (str/join "," (map (fn [[c f]] (str "[" (num c) "," (num f) "]")) (sort-by first (node :labelCounts)))) "]}")
                     (str "{\"feature\":" (node 'featureId) ",\"threshold\":" (num (node 'threshold))
                          ",\"left\":" (.get ids @(node 'left)) ",\"right\":" (.get ids @(node 'right)) "}")))
        predict (fn [rows] (str "[" (str/join "," (map (fn [v] (num (DecisionStream/predict model v))) (xs rows))) "]"))]
    (spit outPath
          (str "{\"alpha\":" alpha ",\"mode\":\"" mode "\",\"nTrain\":" (count train) ",\"wallS\":" wallS
               ",\"nodes\":[" (str/join ",\n" (map nodeJson order)) "]"
               ",\n\"log\":\"" (str/escape (str progress) {\newline "\\n" \" "\\\"" \\ "\\\\"}) "\""
               ",\n\"trainPredictions\":" (predict train)
               ",\n\"testPredictions\":" (predict test) "}\n"))
    (shutdown-agents)))
